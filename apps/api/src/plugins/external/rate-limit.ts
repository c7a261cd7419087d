import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error';
import { FallbackRateLimitStore } from '../../lib/fallback-rate-limit-store';

/**
 * Rate limits are opt-in per route (`fastify.rateLimit(...)` as a preHandler). With REDIS_URL the
 * counters live in Redis so every API process shares them, and in each process's memory while Redis
 * is away (ADR 047); without REDIS_URL in memory.
 */
export default fp(
  async (fastify) => {
    const { redis } = fastify;
    const prefix = fastify.config.RATE_LIMIT_PREFIX;
    await fastify.register(rateLimit, {
      global: false,
      store: class extends FallbackRateLimitStore {
        constructor() {
          super(redis, prefix);
        }
      },
      errorResponseBuilder: (_request, context) =>
        new AppError(
          'TOO_MANY_REQUESTS',
          `Too many requests. Please wait ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds and try again.`,
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['env', 'redis'] },
);
