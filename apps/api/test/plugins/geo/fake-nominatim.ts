import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small HTTP server on 127.0.0.1 that speaks the part of Nominatim's API we use
 * (GET {prefix}/search and {prefix}/reverse, format=jsonv2), with switchable failure modes.
 */
export type FakeMode = 'ok' | 'empty' | 'abroad' | 'error' | 'slow' | 'garbage' | 'unable';

export interface FakeNominatim {
  /** Base URL to use as GEOCODER_URL (with a path prefix, like a self-hosted install behind a proxy). */
  url: string;
  mode: FakeMode;
  /** In mode 'ok': the places /search answers (else Colombo and Koramangala), cut to `limit` as Nominatim does. */
  searchResults: FakePlace[] | null;
  requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[];
  close(): Promise<void>;
}

/** A search result as Nominatim sends it (only the fields we read). */
export interface FakePlace {
  lat: string;
  lon: string;
  display_name: string;
  name?: string;
  address?: Record<string, string>;
}

const KORAMANGALA = {
  place_id: 1,
  lat: '12.9340',
  lon: '77.6260',
  category: 'place',
  type: 'suburb',
  name: 'Koramangala',
  display_name:
    'Koramangala, Bengaluru South City Corporation, Bengaluru, Bangalore South, Bengaluru Urban, Karnataka, 560034, India',
  address: {
    suburb: 'Koramangala',
    city: 'Bengaluru',
    county: 'Bangalore South',
    state_district: 'Bengaluru Urban',
    state: 'Karnataka',
    postcode: '560034',
    country: 'India',
    country_code: 'in',
  },
};
const COLOMBO = {
  place_id: 2,
  lat: '6.9271',
  lon: '79.8612',
  name: 'Kollupitiya',
  display_name: 'Kollupitiya, Colombo, Western Province, Sri Lanka',
  address: { suburb: 'Kollupitiya', city: 'Colombo', state: 'Western Province', country_code: 'lk' },
};

export async function startFakeNominatim(): Promise<FakeNominatim> {
  const prefix = '/nominatim';
  const fake: Omit<FakeNominatim, 'url' | 'close'> = { mode: 'ok', searchResults: null, requests: [] };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    fake.requests.push({ path: u.pathname, query: u.searchParams, userAgent: req.headers['user-agent'] });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    switch (fake.mode) {
      case 'slow':
        setTimeout(() => send(200, []), 10_000).unref();
        return;
      case 'error':
        return send(500, { error: 'internal error' });
      case 'garbage':
        return send(200, '<html>maintenance</html>');
      default:
        break;
    }
    if (u.pathname === `${prefix}/search`) {
      if (fake.mode === 'empty') return send(200, []);
      if (fake.mode === 'abroad') return send(200, [COLOMBO]);
      if (fake.searchResults) return send(200, fake.searchResults.slice(0, Number(u.searchParams.get('limit') ?? 10)));
      return send(200, [COLOMBO, KORAMANGALA]);
    }
    if (u.pathname === `${prefix}/reverse`) {
      if (fake.mode === 'unable' || fake.mode === 'empty') return send(200, { error: 'Unable to geocode' });
      return send(200, { ...KORAMANGALA, lat: u.searchParams.get('lat'), lon: u.searchParams.get('lon') });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as FakeNominatim;
}
