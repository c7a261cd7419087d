import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from './config/env';
import { startServer } from './server';

/** `npm start`: build the web app when there is no build yet, then serve (the server migrates and seeds). */
const env = loadEnv();
if (!fs.existsSync(path.join(env.webDistDir, 'index.html')) || !fs.existsSync(env.webFirstScreenModule)) {
  console.log('Building the web app (first start)…');
  execFileSync('npm', ['run', 'build', '-w', '@aaspaas/web'], {
    stdio: 'inherit',
    cwd: path.resolve(import.meta.dirname, '../../..'),
  });
}
await startServer();
