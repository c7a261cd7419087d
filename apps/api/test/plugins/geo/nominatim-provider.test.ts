import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNominatimProvider } from '#src/plugins/app/geo/nominatim-provider';
import { type FakeNominatim, startFakeNominatim } from './fake-nominatim';

let fake: FakeNominatim;
beforeAll(async () => {
  fake = await startFakeNominatim();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.mode = 'ok';
  fake.requests.length = 0;
});

const provider = (extra: { cooldownMs?: number; errors?: string[] } = {}) =>
  createNominatimProvider({
    baseUrl: fake.url,
    timeoutMs: 300,
    cooldownMs: extra.cooldownMs ?? 0,
    userAgent: 'Aaspaas-test/1.0',
    onError: (reason) => extra.errors?.push(reason),
  });

describe('Nominatim-compatible provider', () => {
  it('searches in India only, with jsonv2, countrycodes=in, limit and a User-Agent', async () => {
    const result = await provider().search('Koramangala', 5);
    expect(result).toEqual([{ display_name: 'Koramangala, Bengaluru, Karnataka', lat: 12.934, lon: 77.626 }]);
    const req = fake.requests[0]!;
    expect(req.path).toBe('/nominatim/search');
    expect(Object.fromEntries(req.query)).toMatchObject({ format: 'jsonv2', countrycodes: 'in', limit: '5', q: 'Koramangala' });
    expect(req.userAgent).toBe('Aaspaas-test/1.0');
  });

  it('maps a reverse answer to locality, city and state', async () => {
    await expect(provider().reverse(12.934, 77.626)).resolves.toEqual({
      display_name: 'Koramangala, Bengaluru, Karnataka',
      locality: 'Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
    });
    expect(Object.fromEntries(fake.requests[0]!.query)).toMatchObject({ format: 'jsonv2', lat: '12.934', lon: '77.626' });
  });

  it.each(['empty', 'abroad', 'error', 'garbage', 'slow'] as const)(
    'gives null (fall back) when the provider answers %s',
    async (mode) => {
      fake.mode = mode;
      const errors: string[] = [];
      await expect(provider({ errors }).search('Koramangala', 8)).resolves.toBeNull();
      if (mode === 'error') expect(errors).toEqual(['search: HTTP 500']);
      if (mode === 'slow') expect(errors).toEqual(['search: timed out after 300 ms']);
      if (mode === 'garbage') expect(errors).toEqual(['search: answer is not JSON']);
    },
  );

  it("gives null for reverse's 'Unable to geocode'", async () => {
    fake.mode = 'unable';
    await expect(provider().reverse(0, 0)).resolves.toBeNull();
  });

  it('leaves a failing provider alone during the cool-down, then asks again', async () => {
    const p = provider({ cooldownMs: 400 });
    fake.mode = 'error';
    await expect(p.search('Pune', 8)).resolves.toBeNull();
    fake.mode = 'ok';
    await expect(p.search('Koramangala', 8)).resolves.toBeNull();
    expect(fake.requests).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 450));
    await expect(p.search('Koramangala', 8)).resolves.toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('caches answers briefly', async () => {
    const p = provider();
    await p.search('Koramangala', 8);
    await p.search(' koramangala ', 8);
    await p.reverse(12.934, 77.626);
    await p.reverse(12.93401, 77.62601);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives null when nothing listens', async () => {
    const p = createNominatimProvider({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 500, cooldownMs: 0 });
    await expect(p.search('Pune', 8)).resolves.toBeNull();
  });
});
