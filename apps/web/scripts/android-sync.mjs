/**
 * `npm run android:sync`: builds the web app for the Android app (`vite build --mode android`, into
 * dist-android, no service worker) with the API's origin baked in, then `cap sync android` copies it
 * and the plugins into android/. The origin: VITE_API_URL, else PUBLIC_URL, else the production site.
 * Runs offline (no Gradle, no SDK): the APK itself is `npm run android:build`.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const webDir = path.resolve(import.meta.dirname, '..');
const apiUrl = process.env.VITE_API_URL || process.env.PUBLIC_URL || 'https://aaspaas.in';

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, { cwd: webDir, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

console.log(`Android app: API at ${apiUrl}`);
run('npx', ['vite', 'build', '--mode', 'android'], { VITE_API_URL: apiUrl });
run('npx', ['cap', 'sync', 'android']);
