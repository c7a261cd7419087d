import { PLACE_SEARCH_MAX_RESULTS } from '@aaspaas/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchPlaces } from '#src/plugins/app/geo/place-search';
import type { PlacesIndex } from '#src/plugins/app/geo/places/places-types';
import { loadSharedTestIndex } from './places-cache';

let index: PlacesIndex;
beforeAll(async () => {
  index = await loadSharedTestIndex();
});

const first = (q: string) => searchPlaces(q, 8, index)[0];

describe('searchPlaces (offline)', () => {
  it.each([
    ['Koramangala', 'Koramangala, Bengaluru, Karnataka', 12.93, 77.62],
    ['Andheri East', 'Andheri East, Mumbai, Maharashtra', 19.11, 72.87],
    ['Connaught Place', 'Connaught Place, New Delhi, Delhi', 28.63, 77.22],
    ['Pune', 'Pune, Maharashtra', 18.52, 73.86],
    ['Mumbai', 'Mumbai, Maharashtra', 19.07, 72.88],
    ['Bengaluru', 'Bengaluru, Karnataka', 12.97, 77.59],
    ['Bangalore', 'Bengaluru, Karnataka', 12.97, 77.59],
    ['Hyderabad', 'Hyderabad, Telangana', 17.38, 78.46],
    ['Jaipur', 'Jaipur, Rajasthan', 26.92, 75.79],
    ['Nashik', 'Nashik, Maharashtra', 20.0, 73.79],
  ])('%s → %s first', (q, display, lat, lon) => {
    const top = first(q);
    expect(top?.display_name).toBe(display);
    expect(top?.lat).toBeCloseTo(lat, 1);
    expect(top?.lon).toBeCloseTo(lon, 1);
  });

  it('Delhi → the city of Delhi first', () => {
    const top = first('Delhi');
    expect(top?.display_name).toBe('Delhi');
    expect(top?.lat).toBeCloseTo(28.65, 1);
    expect(top?.lon).toBeCloseTo(77.23, 1);
  });

  it('is case-, accent- and punctuation-insensitive', () => {
    expect(first('  KORAMANGALA ')?.display_name).toBe('Koramangala, Bengaluru, Karnataka');
    expect(first('connaught-place')?.display_name).toBe('Connaught Place, New Delhi, Delhi');
    expect(first('Púne')?.display_name).toBe('Pune, Maharashtra');
  });

  it('finds multi-word and partial queries', () => {
    expect(first('andheri e')?.display_name).toBe('Andheri East, Mumbai, Maharashtra');
    expect(first('koramangala bengaluru')?.display_name).toBe('Koramangala, Bengaluru, Karnataka');
    expect(first('koramangala, bangalore')?.display_name).toBe('Koramangala, Bengaluru, Karnataka');
    expect(first('indiranagar bangalore')?.display_name).toBe('Indiranagar, Bengaluru, Karnataka');
    expect(first('Kormangala')).toBeUndefined(); // no fuzzy matching: a typo finds nothing rather than nonsense
  });

  it('ranks the big-city locality above villages of the same name', () => {
    expect(first('Andheri')?.display_name).toBe('Andheri, Mumbai, Maharashtra');
    expect(first('Aurangabad')?.display_name).toBe('Aurangabad, Maharashtra');
  });

  it('puts cities above localities and de-duplicates the same place', () => {
    const names = searchPlaces('Pune', 8, index).map((s) => s.display_name);
    expect(names[0]).toBe('Pune, Maharashtra');
    expect(new Set(names).size).toBe(names.length);
    // The post office "Pune" in Pune district is the same place as the city: not listed again.
    expect(names.filter((n) => n.startsWith('Pune, ')).length).toBe(1);
    const bangalore = searchPlaces('Bangalore', 8, index).map((s) => s.display_name);
    expect(bangalore.filter((n) => n === 'Bengaluru, Karnataka').length).toBe(1);
  });

  it('returns at most limit (≤ 8) results with display_name, lat, lon in India', () => {
    for (const q of ['ko', 'nagar', 'Rampur', 'sector']) {
      const all = searchPlaces(q, 100, index);
      expect(all.length).toBeLessThanOrEqual(PLACE_SEARCH_MAX_RESULTS);
      expect(all.length).toBeGreaterThan(0);
      for (const s of all) {
        expect(s.display_name).toEqual(expect.any(String));
        expect(s.lat).toBeGreaterThan(6);
        expect(s.lat).toBeLessThan(38);
        expect(s.lon).toBeGreaterThan(68);
        expect(s.lon).toBeLessThan(98);
      }
    }
    expect(searchPlaces('Pune', 3, index)).toHaveLength(3);
    expect(searchPlaces('Pune', 1, index)).toHaveLength(1);
  });

  it('returns nothing for nonsense or empty queries', () => {
    expect(searchPlaces('zzqxw', 8, index)).toEqual([]);
    expect(searchPlaces('   ', 8, index)).toEqual([]);
    expect(searchPlaces('!!', 8, index)).toEqual([]);
  });
});
