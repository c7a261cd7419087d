import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../../lib/app-error';
import { tooManyAttemptsMessage } from '../auth/auth-limits';

export const JOIN_LIMIT_WINDOW_MS = 15 * 60 * 1000;
/**
 * Customers at one shop's counter can share an IP (the shop's Wi-Fi, a carrier's NAT), so the
 * budget per business and IP is generous; the one per IP across businesses stops one machine
 * from filling or probing many lists.
 */
export const JOIN_LIMIT_PER_BUSINESS_AND_IP = 30;
export const JOIN_LIMIT_PER_IP = 200;

const businessOf = (request: FastifyRequest) => (request.params as { businessId?: string } | undefined)?.businessId ?? '';

/** Budgets of the public opt-in and opt-out forms over 15 minutes; `name` keeps each form's apart. */
export function joinLimits(fastify: FastifyInstance, name: string): preHandlerAsyncHookHandler {
  const limiters = [
    fastify.createRateLimit({
      max: JOIN_LIMIT_PER_BUSINESS_AND_IP,
      timeWindow: JOIN_LIMIT_WINDOW_MS,
      keyGenerator: (req: FastifyRequest) => `${name}:business:${businessOf(req)}:ip:${req.ip}`,
    }),
    fastify.createRateLimit({
      max: JOIN_LIMIT_PER_IP,
      timeWindow: JOIN_LIMIT_WINDOW_MS,
      keyGenerator: (req: FastifyRequest) => `${name}:ip:${req.ip}`,
    }),
  ];
  return async (request, reply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', Math.max(1, Math.ceil(result.ttl / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(result.ttl));
      }
    }
  };
}
