import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { closeRedis, redisConnection } from '../../lib/redis-connection';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis client when REDIS_URL is set (ADR 047: its commands fail fast while Redis is away). */
    redis?: Redis;
  }
}

/**
 * `fastify.redis`: one client per process for what uses Redis (rate limits, the SMS schedule, publishing
 * cache invalidations; a subscriber needs a connection of its own). Built to fail fast (ADR 047,
 * lib/redis-connection.ts): a command while Redis is away fails at once or within its timeout, and
 * reconnects go on in the background. Readiness reports Redis as degraded, never down, because the
 * site works without it.
 */
export default fp(
  async (fastify) => {
    const url = fastify.config.REDIS_URL;
    if (!url) return;
    const redis = redisConnection(url, fastify.log, 'shared client', { lazyConnect: true });
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
    fastify.addHook('onClose', () => closeRedis(redis));
  },
  { name: 'redis', dependencies: ['env', 'readiness'] },
);
