import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { webBuildIsStale } from './lib/web-build-freshness';

/**
 * `npm run build:if-stale` (the browser tests' build): builds the web app into its own dist unless
 * that build is newer than every source, so the second `npm test` of a CI run does not build the
 * same sources again, while a changed source, a missing half of the build or a new install always
 * rebuilds.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dist = path.join(root, 'apps/web/dist');
const builtFiles = [path.join(dist, 'index.html'), path.join(`${dist}-ssr`, 'first-screen.js')];
if (webBuildIsStale(root, builtFiles)) {
  execFileSync('npm', ['run', 'build', '-w', '@aaspaas/web'], { stdio: 'inherit', cwd: root });
} else {
  console.log('The web build is newer than all its sources: not built again.');
}
