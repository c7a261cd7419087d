import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type InnerStore = { incr(key: string, cb: Callback, timeWindow: number, max: number): void };

// @fastify/rate-limit's own stores (plain CommonJS files of the package, no types of their own).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => InnerStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => InnerStore;

/** After a failed Redis command the limits count in memory this long before Redis is asked again. */
const REDIS_PAUSE_AFTER_ERROR_MS = 1_000;

/**
 * The rate limits' counters: in Redis, shared by every process, while Redis answers; in this
 * process's memory while it does not, so a Redis outage neither stops the site nor lifts the limits
 * (each process then counts on its own, ADR 047). The counter key is `prefix + key` and nothing else:
 * the library's Redis store adds the route's method and URL, which a limiter made with
 * `createRateLimit` does not have (its keys read `<prefix>undefinedundefined-…`), and every key of ours
 * already names its budget (`auth:login:ip:…`).
 */
export class FallbackRateLimitStore implements FastifyRateLimitStore {
  private readonly shared?: InnerStore;
  private readonly local: InnerStore;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    /** Shared by a store and its children: Redis is not asked before this time (ms). */
    private readonly pause: { until: number } = { until: 0 },
  ) {
    this.shared = redis ? new RedisStore(false, false, redis, prefix) : undefined;
    this.local = new LocalStore(false, false);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const { shared, redis, pause } = this;
    // Not connected: the client would refuse at once (no offline queue); after a failed command, a
    // Redis that hangs instead of refusing would cost every request the command timeout: not asked
    // again for REDIS_PAUSE_AFTER_ERROR_MS.
    if (!shared || redis?.status !== 'ready' || Date.now() < pause.until) {
      this.local.incr(key, cb, timeWindow, max);
      return;
    }
    shared.incr(
      key,
      (err, result) => {
        if (!err && result) return cb(null, result);
        pause.until = Date.now() + REDIS_PAUSE_AFTER_ERROR_MS;
        this.local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  /**
   * A limiter's own store. A route's `config.rateLimit` names its route, as the library's store does; a
   * limiter made with `createRateLimit` has no route and keeps the prefix as it is.
   */
  child(options: object): FastifyRateLimitStore {
    // The library hands its merged limiter options (typed as the route's), with the route as `routeInfo`.
    const { method, url } = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
    const route = typeof method === 'string' && typeof url === 'string' ? `${method}${url}-` : '';
    return new FallbackRateLimitStore(this.redis, `${this.prefix}${route}`, this.pause);
  }
}
