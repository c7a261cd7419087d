import { loadPlacesIndex, loadPlacesIndexAsync } from './load-index';
import type { PlacesIndex, PlacesIndexOptions } from './places-types';

let shared: PlacesIndex | null = null;
let sharedOptions: PlacesIndexOptions = {};
let warming: Promise<PlacesIndex> | null = null;

/** Sets where the shared index caches its source (call before the first use). */
export function configurePlacesIndex(options: PlacesIndexOptions): void {
  sharedOptions = { ...options };
}

/** The shared index, loaded on first use (synchronously: call warmPlacesIndex() at start-up to avoid the wait). */
export function getPlacesIndex(): PlacesIndex {
  shared ??= loadPlacesIndex(sharedOptions);
  return shared;
}

export function isPlacesIndexLoaded(): boolean {
  return shared !== null;
}

/**
 * Loads the shared index in the background (from the cache file: one step of ~0.15 s; a first build:
 * steps of up to ~1 s with the event loop running between them); resolves when it is ready.
 */
export function warmPlacesIndex(): Promise<PlacesIndex> {
  if (shared) return Promise.resolve(shared);
  warming ??= loadPlacesIndexAsync(sharedOptions).then(
    (index) => {
      shared ??= index;
      return shared;
    },
    (err: unknown) => {
      warming = null;
      throw err instanceof Error ? err : new Error(String(err));
    },
  );
  return warming;
}
