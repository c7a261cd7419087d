import { type GeoSuggestion, PLACE_SEARCH_MAX_RESULTS, PLACE_SEARCH_PER_QUERY } from '@aaspaas/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { searchPlaces } from '#src/plugins/app/geo/place-search';
import { type FakeNominatim, type FakePlace, startFakeNominatim } from '#test/plugins/geo/fake-nominatim';
import { loadSharedTestIndex } from '#test/plugins/geo/places-cache';
import { buildTestApp, type TestApp } from '#test/helper';

// The offline index is process-wide: load it once from the shared test cache instead of building it
// into each test app's temporary DATA_DIR.
beforeAll(async () => {
  await loadSharedTestIndex();
});

const OFFLINE_KORAMANGALA = 'Koramangala, Bengaluru, Karnataka';

describe('geo routes, offline (no GEOCODER_URL)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('GET /api/geo/search finds localities first, at most 8', async () => {
    for (const [q, expected] of [
      ['Koramangala', OFFLINE_KORAMANGALA],
      ['Andheri East', 'Andheri East, Mumbai, Maharashtra'],
      ['Connaught Place', 'Connaught Place, New Delhi, Delhi'],
      ['Pune', 'Pune, Maharashtra'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/api/geo/search', query: { q } });
      expect(res.statusCode, q).toBe(200);
      const body = res.json() as { display_name: string; lat: number; lon: number }[];
      expect(body.length).toBeGreaterThan(0);
      expect(body.length).toBeLessThanOrEqual(PLACE_SEARCH_MAX_RESULTS);
      expect(body[0]).toEqual({ display_name: expected, lat: expect.any(Number), lon: expect.any(Number) });
    }
  });

  it('GET /api/geo/search honours limit', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/search?q=Pune&limit=2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('GET /api/geo/search answers an unknown place with an empty list', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/search?q=zzqxwv' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each([
    ['/api/geo/search?q=k', 'q must be at least 2 characters'],
    ['/api/geo/search?q=%20%20k%20', 'q must be at least 2 characters'],
    ['/api/geo/search', 'q'],
    [`/api/geo/search?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
    ['/api/geo/search?q=Pune&limit=9', 'limit must be between 1 and 8'],
    ['/api/geo/search?q=Pune&limit=abc', 'limit'],
    ['/api/geo/reverse?lat=abc&lon=77.6', 'lat must be a number'],
    ['/api/geo/reverse?lat=12.9&lon=east', 'lon must be a number'],
    ['/api/geo/reverse?lat=91&lon=77.6', 'lat must be between -90 and 90'],
    ['/api/geo/reverse?lat=-90.5&lon=77.6', 'lat must be between -90 and 90'],
    ['/api/geo/reverse?lat=12.9&lon=181', 'lon must be between -180 and 180'],
    ['/api/geo/reverse?lon=77.6', 'lat'],
  ])('%s → 400 with a message', async (url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { message: string };
    expect(Object.keys(body)).toEqual(['message']);
    expect(body.message).toContain(message);
  });

  it("GET /api/geo/reverse labels Koramangala's point", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/reverse?lat=12.9352&lon=77.6245' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      display_name: OFFLINE_KORAMANGALA,
      locality: 'Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
  });

  it('GET /api/geo/reverse labels a point outside India by its coordinates', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/reverse?lat=51.5074&lon=-0.1278' });
    expect(res.json()).toEqual({ display_name: '51.5074, -0.1278', locality: null, city: null, state: null });
  });

  it('POST /api/geo/locate answers unknown for a private or loopback client', async () => {
    for (const remoteAddress of ['127.0.0.1', '192.168.1.7', '::1', '::ffff:10.0.0.5', '100.64.3.2']) {
      const res = await app.inject({ method: 'POST', url: '/api/geo/locate', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      expect(res.json()).toEqual({ lat: null, lon: null, source: 'unknown' });
    }
  });

  it("POST /api/geo/locate places a public client's IP", async () => {
    const res = await app.inject({ method: 'POST', url: '/api/geo/locate', remoteAddress: '49.207.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ lat: expect.closeTo(17.38, 1), lon: expect.closeTo(78.46, 1), source: 'ip', city: 'Hyderabad' });
    expect(res.headers['cache-control']).toBe('no-store');
    const mapped = await app.inject({ method: 'POST', url: '/api/geo/locate', remoteAddress: '::ffff:103.21.124.1' });
    expect(mapped.json()).toMatchObject({ source: 'ip', city: 'Mumbai' });
  });

  it('POST /api/geo/locate accepts a JSON content type with no body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/geo/locate',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '49.207.0.1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'ip' });
    const withBody = await app.inject({ method: 'POST', url: '/api/geo/locate', payload: {} });
    expect(withBody.statusCode).toBe(200);
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/geo/locate', '/api/geo/search', '/api/geo/reverse']));
  });
});

describe('geo routes with a Nominatim-compatible provider (GEOCODER_URL)', () => {
  let fake: FakeNominatim;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeNominatim();
    app = await buildTestApp({ GEOCODER_URL: fake.url });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.searchResults = null;
    fake.requests.length = 0;
  });

  /** The offline index's own answer (the app's index is process-wide: the same one). */
  const offline = async (q: string, limit: number) => searchPlaces(q, limit, await loadSharedTestIndex());
  const search = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/geo/search?${query}` });
    expect(res.statusCode).toBe(200);
    return res.json<GeoSuggestion[]>();
  };
  /** A place as Nominatim answers it without address details: our label is its display name without ", India". */
  const place = (label: string, lat: number, lon: number): FakePlace => ({
    display_name: `${label}, India`,
    lat: String(lat),
    lon: String(lon),
  });
  const suggestion = (label: string, lat: number, lon: number): GeoSuggestion => ({ display_name: label, lat, lon });

  it("answers search from the provider first, keeping only India's results, then the offline places it lacks", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/search?q=Koramangala&limit=5' });
    expect(res.statusCode).toBe(200);
    const provided = { display_name: 'Koramangala, Bengaluru, Karnataka', lat: 12.934, lon: 77.626 };
    const ours = await offline('Koramangala', 5);
    expect(ours[0]?.display_name).toBe(provided.display_name);
    // The offline Koramangala is the provider's (same label): listed once, at the provider's point.
    expect(res.json()).toEqual([provided, ...ours.slice(1)]);
    expect(fake.requests).toHaveLength(1);
    const { path, query, userAgent } = fake.requests[0]!;
    expect(path).toBe('/nominatim/search');
    expect(Object.fromEntries(query)).toMatchObject({ format: 'jsonv2', countrycodes: 'in', limit: '5', q: 'Koramangala' });
    expect(userAgent).toMatch(/^Aaspaas\//);
  });

  it('merges the provider’s places and the offline ones, provider first, each place once, at most 8', async () => {
    const ours = await offline('Andheri', PLACE_SEARCH_PER_QUERY);
    const label = ours.map((o) => o.display_name);
    expect(label.slice(0, 6)).toEqual([
      'Andheri, Mumbai, Maharashtra',
      'Andheri, Sirmaur, Himachal Pradesh',
      'Andheri, Dahod, Gujarat',
      'Andheri East, Mumbai, Maharashtra',
      'Andheri Railway Station, Mumbai, Maharashtra',
      'Andheri Deori, Ajmer, Rajasthan',
    ]);
    fake.searchResults = [
      place('Andheri West, Mumbai, Maharashtra', 19.1364, 72.8296),
      // Same name as our Andheri in Mumbai, under a km away, labelled otherwise: the same place.
      place('Andheri, Mumbai Suburban, Maharashtra', 19.115, 72.855),
      // Same label as ours, 2.5 km from our point: the same place.
      place('Andheri East, Mumbai, Maharashtra', 19.14, 72.8737),
      // Same name, far from every Andheri of ours: another place.
      place('Andheri, Raigad, Maharashtra', 18.5, 73.2),
    ];
    const body = await search('q=Andheri');
    expect(body).toEqual([
      suggestion('Andheri West, Mumbai, Maharashtra', 19.1364, 72.8296),
      suggestion('Andheri, Mumbai Suburban, Maharashtra', 19.115, 72.855),
      suggestion('Andheri East, Mumbai, Maharashtra', 19.14, 72.8737),
      suggestion('Andheri, Raigad, Maharashtra', 18.5, 73.2),
      ours[1],
      ours[2],
      ours[4],
      ours[5],
    ]);
    expect(body).toHaveLength(PLACE_SEARCH_MAX_RESULTS);
    expect(Object.fromEntries(fake.requests[0]!.query)).toMatchObject({ limit: String(PLACE_SEARCH_PER_QUERY), q: 'Andheri' });
  });

  it('asks the provider for 6 and fills up to 8 from the offline places', async () => {
    fake.searchResults = Array.from({ length: 10 }, (_, i) =>
      place(`Test Nagar ${i + 1}, Nashik, Maharashtra`, 20 + i / 10, 73.8),
    );
    const body = await search('q=nagar');
    expect(fake.requests[0]?.query.get('limit')).toBe('6');
    expect(body.slice(0, 6).map((s) => s.display_name)).toEqual(
      Array.from({ length: 6 }, (_, i) => `Test Nagar ${i + 1}, Nashik, Maharashtra`),
    );
    expect(body.slice(6)).toEqual((await offline('nagar', 6)).slice(0, 2));
    expect(body).toHaveLength(PLACE_SEARCH_MAX_RESULTS);
  });

  it('takes at most 6 offline places next to the provider’s', async () => {
    const all = await offline('Rampur', PLACE_SEARCH_MAX_RESULTS);
    expect(all).toHaveLength(8);
    fake.searchResults = [place('Rampur Bazar, Shimla, Himachal Pradesh', 31.1, 77.17)];
    const body = await search('q=Rampur');
    expect(body).toEqual([suggestion('Rampur Bazar, Shimla, Himachal Pradesh', 31.1, 77.17), ...all.slice(0, 6)]);
  });

  it('keeps to a smaller limit: the provider is asked for that many and answers alone when it has them', async () => {
    fake.searchResults = Array.from({ length: 8 }, (_, i) =>
      place(`Pune Test ${i + 1}, Pune, Maharashtra`, 18.5 + i / 10, 73.85),
    );
    const body = await search('q=Pune&limit=3');
    expect(fake.requests[0]?.query.get('limit')).toBe('3');
    expect(body.map((s) => s.display_name)).toEqual([1, 2, 3].map((i) => `Pune Test ${i}, Pune, Maharashtra`));
  });

  it('answers reverse from the provider', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/geo/reverse?lat=12.93&lon=77.62' });
    expect(res.json()).toEqual({
      display_name: 'Koramangala, Bengaluru, Karnataka',
      locality: 'Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    expect(fake.requests[0]?.path).toBe('/nominatim/reverse');
  });

  it('falls back to the offline data when the provider finds nothing (or nothing in India)', async () => {
    fake.mode = 'empty';
    const empty = await app.inject({ method: 'GET', url: '/api/geo/search?q=Andheri%20East' });
    expect(empty.json()).toEqual([expect.objectContaining({ display_name: 'Andheri East, Mumbai, Maharashtra' })]);
    fake.mode = 'abroad';
    const abroad = await app.inject({ method: 'GET', url: '/api/geo/search?q=Kothrud' });
    expect((abroad.json() as { display_name: string }[])[0]?.display_name).toBe('Kothrud, Pune, Maharashtra');
    fake.mode = 'unable';
    const reverse = await app.inject({ method: 'GET', url: '/api/geo/reverse?lat=19.1136&lon=72.8697' });
    expect(reverse.json()).toMatchObject({ locality: 'Andheri East', city: 'Mumbai' });
    expect(fake.requests).toHaveLength(3);
  });

  it('falls back to the offline data on a 500, then leaves the provider alone for a while', async () => {
    fake.mode = 'error';
    const res = await app.inject({ method: 'GET', url: '/api/geo/search?q=Connaught%20Place' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { display_name: string }[])[0]?.display_name).toBe('Connaught Place, New Delhi, Delhi');
    fake.mode = 'ok';
    const next = await app.inject({ method: 'GET', url: '/api/geo/reverse?lat=12.9352&lon=77.6245' });
    expect(next.json()).toMatchObject({ display_name: OFFLINE_KORAMANGALA });
    expect(fake.requests).toHaveLength(1); // the second call did not reach the failing provider
  });
});

describe('geo routes with a provider that does not answer in time', () => {
  let fake: FakeNominatim;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeNominatim();
    fake.mode = 'slow';
    app = await buildTestApp({ GEOCODER_URL: fake.url });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  it('gives up after the time-out (2.5 s) and answers from the offline data', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/geo/search?q=Koramangala' });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    expect((res.json() as { display_name: string }[])[0]?.display_name).toBe(OFFLINE_KORAMANGALA);
    expect(took).toBeGreaterThanOrEqual(2000);
    expect(took).toBeLessThan(9000);
    // Cooling down: the next call answers offline without waiting.
    const again = Date.now();
    const res2 = await app.inject({ method: 'GET', url: '/api/geo/search?q=Pune' });
    expect((res2.json() as { display_name: string }[])[0]?.display_name).toBe('Pune, Maharashtra');
    expect(Date.now() - again).toBeLessThan(2000);
    expect(fake.requests).toHaveLength(1);
  });
});
