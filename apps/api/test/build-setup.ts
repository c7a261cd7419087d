import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The API's build (ADR 044), made once per run for the tests that start the built server as
 * production does; a build newer than every source is kept (a few seconds otherwise).
 */
export default function setup(): void {
  execFileSync(process.execPath, [path.join(import.meta.dirname, '../scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
}
