import path from 'node:path';
import {
  distanceKm,
  type GeoReverse,
  type GeoSuggestion,
  type LocateResponse,
  PLACE_SEARCH_MAX_RESULTS,
  PLACE_SEARCH_PER_QUERY,
} from '@aaspaas/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIpLocator, type IpLocator } from './ip-locate';
import { createNominatimProvider, type GeoProvider } from './nominatim-provider';
import { searchPlaces } from './place-search';
import { normalizeName } from './places/normalize-name';
import { configurePlacesIndex, isPlacesIndexLoaded, warmPlacesIndex } from './places/shared-index';
import { reverseGeocode } from './reverse-geocode';

/** Places and IP location (docs/product.md §3 Geocode suggestion, §7 POST /api/geo/locate). */
export interface GeoService {
  /**
   * Places in India for a query, best first, at most `limit` (≤ 8, docs/product.md §9): with a GEOCODER_URL provider,
   * its places (≤ 6) then the offline data's (≤ 6) without duplicates; else, or when it fails, offline data.
   */
  search(q: string, limit?: number): Promise<GeoSuggestion[]>;
  /** A label for a point (the location bar): the provider, else the offline data. */
  reverse(lat: number, lon: number): Promise<GeoReverse>;
  /** The approximate point of a client IP; `source: 'unknown'` for private addresses or no city-level match. */
  locate(ip: string): Promise<LocateResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    geoService: GeoService;
  }
}

export interface GeoPluginOptions {
  geo?: {
    /** Where the offline index is cached (default DATA_DIR/cache). */
    cacheDir?: string;
    /** Provider time-out in ms (default 2500). */
    timeoutMs?: number;
    /** How long a failing provider is left alone, in ms (default 30 000). */
    cooldownMs?: number;
    /** Load the offline index in the background once the server is ready (default: yes, except NODE_ENV=test). */
    warm?: boolean;
  };
}

/** Two suggestions of the same name closer than this are one place (the provider's point and ours differ a little). */
export const SAME_PLACE_WITHIN_KM = 2;

function placeName(s: GeoSuggestion): string {
  return normalizeName(s.display_name.split(',')[0] ?? '');
}

function samePlace(a: GeoSuggestion, b: GeoSuggestion): boolean {
  if (normalizeName(a.display_name) === normalizeName(b.display_name)) return true;
  return placeName(a) === placeName(b) && distanceKm(a.lat, a.lon, b.lat, b.lon) < SAME_PLACE_WITHIN_KM;
}

/** The sources' suggestions in order (the first source's first), each place once, at most `max`. */
export function mergePlaces(max: number, ...sources: GeoSuggestion[][]): GeoSuggestion[] {
  const out: GeoSuggestion[] = [];
  for (const s of sources.flat()) {
    if (out.length >= max) break;
    if (!out.some((kept) => samePlace(kept, s))) out.push(s);
  }
  return out;
}

export function createGeoService(deps: { provider: GeoProvider | null; ipLocator: IpLocator }): GeoService {
  const { provider, ipLocator } = deps;
  return {
    async search(q, limit = PLACE_SEARCH_MAX_RESULTS) {
      const n = Math.max(1, Math.min(PLACE_SEARCH_MAX_RESULTS, Math.floor(limit)));
      // docs/product.md §9 "up to 8 results, 6 per query": each source is asked for at most 6, the merge keeps 8.
      // The offline search is one query — cities and localities ranked in one list (a city above a
      // locality of similar importance) — so "per query" applies to it as a whole, not per kind: alone
      // it fills all 8 (capping localities at 6 would only hide good matches in a place-rich query).
      const perSource = Math.min(PLACE_SEARCH_PER_QUERY, n);
      const index = warmPlacesIndex();
      if (provider) {
        // The offline index loads while the provider is asked.
        index.catch(() => undefined);
        const online = await provider.search(q, perSource);
        if (online?.length) {
          // Should the offline index fail to load (the start-up warm-up logs it), the provider's places still answer.
          const offline = await index.then(
            (loaded) => searchPlaces(q, perSource, loaded),
            () => [],
          );
          return mergePlaces(n, online.slice(0, perSource), offline);
        }
      }
      return searchPlaces(q, n, await index);
    },
    async reverse(lat, lon) {
      if (provider) {
        const online = await provider.reverse(lat, lon);
        if (online) return online;
      }
      const index = await warmPlacesIndex();
      return reverseGeocode(lat, lon, index);
    },
    locate(ip) {
      return ipLocator.locate(ip);
    },
  };
}

async function geoPlugin(fastify: FastifyInstance, opts: GeoPluginOptions) {
  const config = fastify.config;
  const options = opts.geo ?? {};
  configurePlacesIndex({ cacheDir: options.cacheDir ?? path.join(config.dataDir, 'cache') });

  const provider = config.GEOCODER_URL
    ? createNominatimProvider({
        baseUrl: config.GEOCODER_URL,
        timeoutMs: options.timeoutMs,
        cooldownMs: options.cooldownMs,
        userAgent: `Aaspaas/0.1 (hyperlocal business posts${config.PUBLIC_URL ? `; ${config.PUBLIC_URL}` : ''})`,
        onError: (reason) =>
          fastify.log.warn({ geocoder: config.GEOCODER_URL, reason }, 'geocoder failed; offline places data used'),
      })
    : null;

  fastify.decorate('geoService', createGeoService({ provider, ipLocator: createIpLocator() }));

  const warm = options.warm ?? config.NODE_ENV !== 'test';
  if (warm) {
    // Not awaited: start-up does not wait; the index loads on a later turn (~0.15 s from the cache file,
    // a few seconds the very first time, when it builds that file).
    fastify.addHook('onReady', async () => {
      if (isPlacesIndexLoaded()) return;
      warmPlacesIndex().then(
        (index) =>
          fastify.log.info(
            { source: index.stats.source, ms: Math.round(index.stats.totalMs), places: index.size },
            'offline places index loaded',
          ),
        (err: unknown) => fastify.log.error({ err }, 'offline places index failed to load'),
      );
    });
  }
}

export default fp(geoPlugin, { name: 'geo-service', dependencies: ['env'] });
