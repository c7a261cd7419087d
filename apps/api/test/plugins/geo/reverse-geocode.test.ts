import { beforeAll, describe, expect, it } from 'vitest';
import { searchPlaces } from '#src/plugins/app/geo/place-search';
import type { PlacesIndex } from '#src/plugins/app/geo/places/places-types';
import { reverseGeocode } from '#src/plugins/app/geo/reverse-geocode';
import { loadSharedTestIndex } from './places-cache';

let index: PlacesIndex;
beforeAll(async () => {
  index = await loadSharedTestIndex();
});

describe('reverseGeocode (offline)', () => {
  it("names Koramangala's own coordinates Koramangala, Bengaluru", () => {
    const kora = searchPlaces('Koramangala', 1, index)[0]!;
    expect(reverseGeocode(kora.lat, kora.lon, index)).toEqual({
      display_name: 'Koramangala, Bengaluru, Karnataka',
      locality: 'Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
  });

  it('names a point near a locality by the nearest pincode', () => {
    expect(reverseGeocode(12.9352, 77.6245, index)).toMatchObject({ locality: 'Koramangala', city: 'Bengaluru' });
    expect(reverseGeocode(19.1136, 72.8697, index)).toMatchObject({
      locality: 'Andheri East',
      city: 'Mumbai',
      state: 'Maharashtra',
    });
    expect(reverseGeocode(18.5074, 73.8077, index)).toMatchObject({ city: 'Pune', state: 'Maharashtra' });
    expect(reverseGeocode(28.627, 77.3727, index)).toMatchObject({ city: 'Noida', state: 'Uttar Pradesh' });
  });

  it('round-trips the searched places to the same city and state', () => {
    for (const q of ['Andheri East', 'Connaught Place', 'Kothrud', 'Banjara Hills', 'Whitefield']) {
      const s = searchPlaces(q, 1, index)[0]!;
      const r = reverseGeocode(s.lat, s.lon, index);
      const [, city, state] = s.display_name.split(', ');
      expect(r.city, q).toBe(city);
      expect(r.state, q).toBe(state);
      expect(r.display_name.endsWith(`${city}, ${state}`), q).toBe(true);
    }
  });

  it('falls back to the nearest city, then to coordinates', () => {
    // Kathmandu: no Indian pincode within 30 km, an Indian border town within 100 km.
    const nepal = reverseGeocode(27.7172, 85.324, index);
    expect(nepal.locality).toBeNull();
    expect(nepal.display_name).toMatch(/^Near .+, Bihar$/);
    expect(reverseGeocode(15, 65, index)).toEqual({ display_name: '15.0000, 65.0000', locality: null, city: null, state: null });
    expect(reverseGeocode(51.5074, -0.1278, index)).toEqual({
      display_name: '51.5074, -0.1278',
      locality: null,
      city: null,
      state: null,
    });
  });
});
