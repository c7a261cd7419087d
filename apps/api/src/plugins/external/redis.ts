import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set (ADR 048: its commands fail fast while Redis is away). */
    redis?: Redis;
  }
}

/**
 * A command waits at most this long for Redis: a rate-limited request then falls back to the
 * process's own counters instead of waiting on a Redis that stopped answering.
 */
const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Reconnect attempts back off up to this delay, so a long outage costs a connection attempt every 2 s. */
const REDIS_RECONNECT_MAX_MS = 2_000;

/**
 * `fastify.redis`: one client per process for everything that uses Redis. Built to fail fast (ADR 048):
 * no offline queue (a command while disconnected is refused at once instead of waiting for the
 * reconnect), a short command timeout, one retry; reconnects go on in the background. Errors are
 * logged once per outage, and the outage's end once; readiness reports Redis as degraded, never down,
 * because the site works without it.
 */
export default fp(
  async (fastify) => {
    const url = fastify.config.REDIS_URL;
    if (!url) return;
    let outage = false;
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 1_000,
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_MS),
      lazyConnect: true,
    });
    // With a listener, ioredis does not print '[ioredis] Unhandled error event' for every failed reconnect.
    redis.on('error', (err: Error) => {
      if (outage) return;
      outage = true;
      fastify.log.warn({ err }, 'Redis unreachable: rate limits count per process until it is back');
    });
    redis.on('ready', () => {
      if (!outage) return;
      outage = false;
      fastify.log.info('Redis reachable again: rate limits are shared again');
    });
    // Starting with Redis away is allowed: the client keeps reconnecting in the background.
    await redis.connect().catch(() => undefined);
    fastify.decorate('redis', redis);
    fastify.readiness.register('redis', async () => {
      if (redis.status !== 'ready') return { status: 'degraded', reason: `Redis ${redis.status}` };
      try {
        await redis.ping();
        return { status: 'ok' };
      } catch (err) {
        return { status: 'degraded', reason: err instanceof Error ? err.message : String(err) };
      }
    });
    fastify.addHook('onClose', async () => {
      redis.removeAllListeners('error');
      redis.on('error', () => undefined);
      await redis.quit().catch(() => redis.disconnect());
    });
  },
  { name: 'redis', dependencies: ['env', 'readiness'] },
);
