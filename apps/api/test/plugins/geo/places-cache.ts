import os from 'node:os';
import path from 'node:path';
import type { PlacesIndex } from '#src/plugins/app/geo/places/places-types';
import { configurePlacesIndex, warmPlacesIndex } from '#src/plugins/app/geo/places/shared-index';

/**
 * One cache directory for the offline places index shared by every test run on this machine: the first
 * run builds it (a few seconds), later test files read it (~0.15 s). It is rebuilt by itself when the
 * data packages or the index code change.
 */
export const TEST_PLACES_CACHE_DIR = path.join(os.tmpdir(), 'aaspaas-test-places-cache');

export function loadSharedTestIndex(): Promise<PlacesIndex> {
  configurePlacesIndex({ cacheDir: TEST_PLACES_CACHE_DIR });
  return warmPlacesIndex();
}
