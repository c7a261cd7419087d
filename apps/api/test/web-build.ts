import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * A web build for the server to serve: the given index.html in a temporary dist folder and, beside
 * it in `<dist>-ssr`, the web's real first-screen module built as `npm run build` builds it, which
 * the server loads at start (the feed's HTML, ADR 009). Pass the dist folder as WEB_DIST_DIR.
 */
export function buildWebWithFirstScreen(indexHtml: string): { webDir: string; remove: () => void } {
  // Inside the repository, not the system's temporary folder: the first-screen module imports the
  // workspace's packages (`@aaspaas/domain/rules`), which Node finds only in a node_modules above it.
  const buildsDir = path.join(repoRoot, 'node_modules/.cache/aaspaas-test-web');
  fs.mkdirSync(buildsDir, { recursive: true });
  const webDir = fs.mkdtempSync(path.join(buildsDir, 'web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), indexHtml);
  execFileSync(
    path.join(repoRoot, 'node_modules/.bin/vite'),
    ['build', '--ssr', 'src/app/first-screen.server.tsx', '--outDir', `${webDir}-ssr`, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: path.join(repoRoot, 'apps/web'), stdio: 'pipe' },
  );
  return {
    webDir,
    remove() {
      fs.rmSync(webDir, { recursive: true, force: true });
      fs.rmSync(`${webDir}-ssr`, { recursive: true, force: true });
    },
  };
}
