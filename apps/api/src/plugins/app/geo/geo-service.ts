import path from 'node:path';
import { type GeoReverse, type GeoSuggestion, type LocateResponse, PLACE_SEARCH_MAX_RESULTS } from '@aaspaas/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIpLocator, type IpLocator } from './ip-locate';
import { createNominatimProvider, type GeoProvider } from './nominatim-provider';
import { searchPlaces } from './place-search';
import { configurePlacesIndex, isPlacesIndexLoaded, warmPlacesIndex } from './places-index';
import { reverseGeocode } from './reverse-geocode';

/** Places and IP location (spec §3 Geocode suggestion, §7 POST /api/geo/locate). */
export interface GeoService {
  /** Places in India for a query, best first, at most `limit` (≤ 8): the GEOCODER_URL provider, else offline data. */
  search(q: string, limit?: number): Promise<GeoSuggestion[]>;
  /** A label for a point (the location bar): the provider, else the offline data. */
  reverse(lat: number, lon: number): Promise<GeoReverse>;
  /** The approximate point of a client IP; `source: 'unknown'` for private addresses or no city-level match. */
  locate(ip: string): Promise<LocateResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    geo: GeoService;
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

export function createGeoService(deps: { provider: GeoProvider | null; ipLocator: IpLocator }): GeoService {
  const { provider, ipLocator } = deps;
  return {
    async search(q, limit = PLACE_SEARCH_MAX_RESULTS) {
      const n = Math.max(1, Math.min(PLACE_SEARCH_MAX_RESULTS, Math.floor(limit)));
      if (provider) {
        const online = await provider.search(q, n);
        if (online?.length) return online.slice(0, n);
      }
      const index = await warmPlacesIndex();
      return searchPlaces(q, n, index);
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

  fastify.decorate('geo', createGeoService({ provider, ipLocator: createIpLocator() }));

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

export default fp(geoPlugin, { name: 'geo', dependencies: ['env'] });
