import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error';

/**
 * Rate limits are opt-in per route (`fastify.rateLimit(...)` as a preHandler). With REDIS_URL the
 * counters live in Redis so every API process shares them; otherwise in memory.
 */
export default fp(
  async (fastify) => {
    const redisUrl = fastify.config.REDIS_URL;
    const redis = redisUrl
      ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) fastify.addHook('onClose', async () => void (await redis.quit()));
    await fastify.register(rateLimit, {
      global: false,
      redis,
      nameSpace: fastify.config.RATE_LIMIT_PREFIX,
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'TOO_MANY_REQUESTS',
          `Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['env'] },
);
