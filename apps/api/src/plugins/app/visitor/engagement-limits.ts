import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { readVisitorId } from './visitor-id';

const WINDOW_MS = 60_000;

/**
 * Abuse limits for likes, views and events: one budget per visitor id and a larger one per IP,
 * so neither rotating visitor ids nor many visitors behind one IP (a college's NAT) defeats them.
 * `name` keeps each action's budget apart.
 */
export function engagementLimits(fastify: FastifyInstance, name: string, perMinute: number): preHandlerAsyncHookHandler {
  const limiters = [
    fastify.createRateLimit({
      max: perMinute * 4,
      timeWindow: WINDOW_MS,
      keyGenerator: (req: FastifyRequest) => `${name}:ip:${req.ip}`,
    }),
    fastify.createRateLimit({
      max: perMinute,
      timeWindow: WINDOW_MS,
      keyGenerator: (req: FastifyRequest) => `${name}:visitor:${readVisitorId(req) ?? req.ip}`,
    }),
  ];
  return async (request, reply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        const seconds = Math.max(1, Math.ceil(result.ttl / 1000));
        reply.header('retry-after', seconds);
        throw new AppError('TOO_MANY_REQUESTS', `Too many requests. Please wait ${seconds} seconds and try again.`);
      }
    }
  };
}
