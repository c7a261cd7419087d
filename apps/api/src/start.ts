import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadEnv } from './config/env';
import { logFatal } from './lib/log-fatal';
import { webBuildIsStale } from './lib/web-build-freshness';
import { startServer } from './server';

/**
 * `npm start`: build the web app when there is no build yet or its sources changed since (a
 * `git pull`, an edit), then serve (the server migrates and seeds). A build placed elsewhere through
 * WEB_DIST_DIR is served as it is: this command only builds into the web app's own dist.
 */
function buildWebIfStale(): void {
  const env = loadEnv();
  const root = path.resolve(import.meta.dirname, '../../..');
  const builtFiles = [path.join(env.webDistDir, 'index.html'), env.webFirstScreenModule];
  const ownBuild = env.webDistDir === path.join(root, 'apps/web/dist');
  if (ownBuild ? webBuildIsStale(root, builtFiles) : webBuildIsStale(root, builtFiles, [])) {
    console.log('Building the web app (no build yet, or its sources changed)…');
    execFileSync('npm', ['run', 'build', '-w', '@aaspaas/web'], { stdio: 'inherit', cwd: root });
  }
}

// A bad setting or a failed start is one JSON line (logFatal), as when server.js is started itself.
try {
  buildWebIfStale();
  await startServer();
} catch (err) {
  logFatal(err);
  process.exit(1);
}
