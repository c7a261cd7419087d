import fs from 'node:fs';
import path from 'node:path';

/** What the web build is made from, relative to the repository root. */
export const WEB_BUILD_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  // The installed dependencies (npm writes it on every install): an upgraded library rebuilds.
  'node_modules/.package-lock.json',
];

function newestMtime(entry: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as its folder's change
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Whether the built files are missing or older than any of the sources. A `git pull` gives the
 * files it changes a fresh modification time, so an updated checkout rebuilds on its next start,
 * while a start right after `npm run build` does not.
 */
export function webBuildIsStale(root: string, builtFiles: string[], sources: string[] = WEB_BUILD_SOURCES): boolean {
  const builtAt = Math.min(...builtFiles.map((file) => newestMtime(file)));
  if (builtAt === 0) return true;
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}
