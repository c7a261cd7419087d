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

/**
 * The rate limits' counters: in Redis, shared by every process, while Redis answers; in this
 * process's memory while it does not, so a Redis outage neither stops the site nor lifts the limits
 * (each process then counts on its own, ADR 048). The counter key is `prefix + key` and nothing else:
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
  ) {
    this.shared = redis ? new RedisStore(false, false, redis, prefix) : undefined;
    this.local = new LocalStore(false, false);
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    const { shared, redis } = this;
    // Not connected: the client refuses at once (no offline queue), but asking costs a rejected promise.
    if (!shared || redis?.status !== 'ready') {
      this.local.incr(key, cb, timeWindow, max);
      return;
    }
    shared.incr(
      key,
      (err, result) => (err || !result ? this.local.incr(key, cb, timeWindow, max) : cb(null, result)),
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
    return new FallbackRateLimitStore(this.redis, `${this.prefix}${route}`);
  }
}
