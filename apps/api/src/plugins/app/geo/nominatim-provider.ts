import type { GeoReverse, GeoSuggestion } from '@aaspaas/domain';
import { joinDistinct } from './places/place-names';

/**
 * An optional online geocoder that speaks Nominatim's API (GEOCODER_URL: the public nominatim.org,
 * a self-hosted Nominatim, Photon's or LocationIQ's Nominatim-compatible endpoints, …).
 * Every call has a short time-out; any failure, time-out or empty answer gives `null`, and the caller
 * falls back to the offline data. After a failure (network, time-out, 5xx, 429) the provider is not
 * asked again for `cooldownMs`. Answers are cached briefly (Nominatim's usage policy asks for it).
 */

export const GEOCODER_TIMEOUT_MS = 2500;
export const GEOCODER_COOLDOWN_MS = 30_000;
const CACHE_TTL_MS = 10 * 60 * 1000;
const CACHE_MAX = 500;

/** India's bounding box, for answers that carry no country code. */
const INDIA_BBOX = { minLat: 6.4, maxLat: 37.2, minLon: 68.0, maxLon: 97.5 };

export interface NominatimOptions {
  /** Base URL, e.g. https://nominatim.openstreetmap.org or http://127.0.0.1:8080/nominatim */
  baseUrl: string;
  timeoutMs?: number;
  cooldownMs?: number;
  userAgent?: string;
  /** Called with the reason whenever the provider could not answer (for logs). */
  onError?: (reason: string, err?: unknown) => void;
}

export interface GeoProvider {
  /** Places in India, or null to fall back. */
  search(q: string, limit: number): Promise<GeoSuggestion[] | null>;
  /** A label for the point, or null to fall back. */
  reverse(lat: number, lon: number): Promise<GeoReverse | null>;
}

interface NominatimAddress {
  country_code?: string;
  state?: string;
  state_district?: string;
  county?: string;
  city?: string;
  town?: string;
  village?: string;
  municipality?: string;
  hamlet?: string;
  suburb?: string;
  neighbourhood?: string;
  quarter?: string;
  city_district?: string;
  residential?: string;
  [k: string]: unknown;
}

interface NominatimPlace {
  lat?: string | number;
  lon?: string | number;
  display_name?: string;
  name?: string;
  address?: NominatimAddress;
  error?: unknown;
}

class ProviderFailure extends Error {
  constructor(
    message: string,
    readonly cooldown: boolean,
  ) {
    super(message);
  }
}

function toNumber(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : Number.NaN;
}

function inIndia(place: NominatimPlace, lat: number, lon: number): boolean {
  const cc = place.address?.country_code;
  if (typeof cc === 'string' && cc) return cc.toLowerCase() === 'in';
  if (typeof place.display_name === 'string' && /,\s*(India|भारत)\s*$/i.test(place.display_name)) return true;
  return lat >= INDIA_BBOX.minLat && lat <= INDIA_BBOX.maxLat && lon >= INDIA_BBOX.minLon && lon <= INDIA_BBOX.maxLon;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}

function cityOf(a: NominatimAddress | undefined): string | null {
  if (!a) return null;
  return str(a.city) ?? str(a.town) ?? str(a.municipality) ?? str(a.village) ?? str(a.county) ?? str(a.state_district);
}

function localityOf(a: NominatimAddress | undefined): string | null {
  if (!a) return null;
  return (
    str(a.suburb) ??
    str(a.neighbourhood) ??
    str(a.quarter) ??
    str(a.residential) ??
    str(a.city_district) ??
    str(a.hamlet) ??
    str(a.village)
  );
}

/** "Koramangala, Bengaluru, Karnataka" from the address; else the display name without postcode and country. */
function shortName(place: NominatimPlace): string | null {
  const a = place.address;
  const display = str(place.display_name);
  const first = str(place.name) ?? (display ? (display.split(',')[0]?.trim() ?? null) : null);
  if (a && (cityOf(a) || str(a.state))) {
    const label = joinDistinct([first, cityOf(a), str(a.state)]);
    if (label) return label;
  }
  if (!display) return first;
  const parts = display
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && !/^\d{6}$/.test(p) && !/^(India|भारत)$/i.test(p));
  return parts.length ? joinDistinct(parts) : null;
}

/** A tiny LRU with expiry. */
class TtlCache<V> {
  private readonly map = new Map<string, { at: number; value: V }>();
  get(k: string): V | undefined {
    const hit = this.map.get(k);
    if (!hit) return undefined;
    if (Date.now() - hit.at > CACHE_TTL_MS) {
      this.map.delete(k);
      return undefined;
    }
    this.map.delete(k);
    this.map.set(k, hit);
    return hit.value;
  }
  set(k: string, value: V): void {
    this.map.delete(k);
    this.map.set(k, { at: Date.now(), value });
    if (this.map.size > CACHE_MAX) this.map.delete(this.map.keys().next().value!);
  }
}

export function createNominatimProvider(options: NominatimOptions): GeoProvider {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const timeoutMs = options.timeoutMs ?? GEOCODER_TIMEOUT_MS;
  const cooldownMs = options.cooldownMs ?? GEOCODER_COOLDOWN_MS;
  const userAgent = options.userAgent ?? 'Aaspaas/0.1 (hyperlocal business posts; geocoder client)';
  let downUntil = 0;
  const searchCache = new TtlCache<GeoSuggestion[]>();
  const reverseCache = new TtlCache<GeoReverse>();

  async function getJson(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(endpoint, base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetch(url, {
        headers: { 'user-agent': userAgent, accept: 'application/json', 'accept-language': 'en' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw new ProviderFailure(timedOut ? `timed out after ${timeoutMs} ms` : 'network error', true);
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ProviderFailure(`HTTP ${res.status}`, res.status >= 500 || res.status === 429);
    }
    try {
      return await res.json();
    } catch {
      throw new ProviderFailure('answer is not JSON', true);
    }
  }

  async function guarded<T>(what: string, fn: () => Promise<T | null>): Promise<T | null> {
    if (Date.now() < downUntil) return null;
    try {
      return await fn();
    } catch (err) {
      if (err instanceof ProviderFailure) {
        if (err.cooldown && cooldownMs > 0) downUntil = Date.now() + cooldownMs;
        options.onError?.(`${what}: ${err.message}`);
      } else {
        options.onError?.(`${what}: unexpected answer`, err);
      }
      return null;
    }
  }

  return {
    search(q, limit) {
      const cacheKey = `${limit}|${q.trim().toLowerCase()}`;
      const cached = searchCache.get(cacheKey);
      if (cached) return Promise.resolve(cached);
      return guarded('search', async () => {
        const body = await getJson('search', {
          format: 'jsonv2',
          countrycodes: 'in',
          addressdetails: '1',
          limit: String(limit),
          q,
        });
        if (!Array.isArray(body)) throw new ProviderFailure('search answer is not a list', false);
        const out: GeoSuggestion[] = [];
        const seen = new Set<string>();
        for (const place of body as NominatimPlace[]) {
          if (!place || typeof place !== 'object') continue;
          const lat = toNumber(place.lat);
          const lon = toNumber(place.lon);
          if (!Number.isFinite(lat) || !Number.isFinite(lon) || !inIndia(place, lat, lon)) continue;
          const display_name = shortName(place);
          if (!display_name || seen.has(display_name)) continue;
          seen.add(display_name);
          out.push({ display_name, lat, lon });
          if (out.length >= limit) break;
        }
        if (out.length === 0) return null;
        searchCache.set(cacheKey, out);
        return out;
      });
    },

    reverse(lat, lon) {
      const cacheKey = `${lat.toFixed(4)},${lon.toFixed(4)}`;
      const cached = reverseCache.get(cacheKey);
      if (cached) return Promise.resolve(cached);
      return guarded('reverse', async () => {
        const body = (await getJson('reverse', {
          format: 'jsonv2',
          addressdetails: '1',
          zoom: '16',
          lat: String(lat),
          lon: String(lon),
        })) as NominatimPlace | null;
        if (!body || typeof body !== 'object' || body.error) return null;
        const a = body.address;
        const locality = localityOf(a);
        const city = cityOf(a);
        const state = str(a?.state);
        const display_name = joinDistinct([locality, city, state]) || shortName(body);
        if (!display_name) return null;
        const out: GeoReverse = { display_name, locality, city, state };
        reverseCache.set(cacheKey, out);
        return out;
      });
    },
  };
}
