import { beforeAll, describe, expect, it } from 'vitest';
import { searchPlaces } from '#src/plugins/app/geo/place-search';
import { deserializePlacesIndex, serializePlacesIndex } from '#src/plugins/app/geo/places/binary-cache';
import { normalizeName } from '#src/plugins/app/geo/places/normalize-name';
import type { PlacesIndex } from '#src/plugins/app/geo/places/places-types';
import { reverseGeocode } from '#src/plugins/app/geo/reverse-geocode';
import { loadSharedTestIndex } from './places-cache';

let index: PlacesIndex;
beforeAll(async () => {
  index = await loadSharedTestIndex();
});

describe('normalizeName', () => {
  it.each([
    ['Koramangala', 'koramangala'],
    ['  Andheri   East ', 'andheri east'],
    ["St. John's Medical College", 'st johns medical college'],
    ['Jaipur R.S.', 'jaipur r s'],
    ['Indiranagar (Bangalore)', 'indiranagar bangalore'],
    ['Godāvari', 'godavari'],
    ['Thāne', 'thane'],
    ['Sector-17', 'sector 17'],
    ['!!', ''],
  ])('%s → %s', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });
});

describe('the offline places index', () => {
  it('holds ~153k named localities and the cities of India', () => {
    expect(index.stats.localities).toBeGreaterThan(150_000);
    expect(index.stats.cities).toBeGreaterThan(5_000);
    expect(index.stats.pincodes).toBeGreaterThan(18_000);
    expect(index.size).toBe(index.stats.localities + index.stats.cities);
  });

  it('survives the binary cache round trip', () => {
    const buf = serializePlacesIndex(index, 'test-versions');
    const back = deserializePlacesIndex(buf, 'test-versions');
    expect(back).not.toBeNull();
    expect(back!.size).toBe(index.size);
    expect(back!.sortedKeys).toEqual(index.sortedKeys);
    for (const q of ['Koramangala', 'Bangalore', 'andheri e', 'ko']) {
      expect(searchPlaces(q, 8, back!), q).toEqual(searchPlaces(q, 8, index));
    }
    expect(reverseGeocode(12.9352, 77.6245, back!)).toEqual(reverseGeocode(12.9352, 77.6245, index));
  });

  it('refuses a cache built from other data, or not a cache at all', () => {
    const buf = serializePlacesIndex(index, 'old-versions');
    expect(deserializePlacesIndex(buf, 'new-versions')).toBeNull();
    expect(deserializePlacesIndex(Buffer.from('not a cache file'), 'x')).toBeNull();
  });
});
