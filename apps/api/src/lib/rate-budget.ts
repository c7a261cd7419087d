import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from './app-error';

/**
 * One counter: `max` requests per `windowMs` for each key. A key of undefined means the budget does
 * not apply to this request (an action without an account, say) and nothing is counted.
 */
export type Budget = {
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string | undefined;
};

/** The wait, in whole seconds and at least one, before a budget with `ttlMs` left opens again. */
export const waitSeconds = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 1000));

export function waitMinutesMessage(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

export function waitSecondsMessage(ttlMs: number): string {
  return `Too many requests. Please wait ${waitSeconds(ttlMs)} seconds and try again.`;
}

/**
 * A preHandler that spends one unit of each budget in order and answers 429 with Retry-After at the
 * first one that is exhausted (the later ones are then not spent). The counters are
 * @fastify/rate-limit's: in Redis when REDIS_URL is set, so every process shares them, in memory
 * otherwise. In memory each limiter counts on its own, so routes that must share a budget share the
 * handler this returns.
 */
export function rateBudget(
  fastify: FastifyInstance,
  budgets: readonly Budget[],
  message: (ttlMs: number) => string = waitSecondsMessage,
): preHandlerAsyncHookHandler {
  const limiters = budgets.map((budget) => ({
    key: budget.key,
    limit: fastify.createRateLimit({
      max: budget.max,
      timeWindow: budget.windowMs,
      keyGenerator: (req: FastifyRequest) => budget.key(req) ?? '',
    }),
  }));
  return async (request, reply) => {
    for (const { key, limit } of limiters) {
      if (key(request) === undefined) continue;
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', waitSeconds(result.ttl));
        throw new AppError('TOO_MANY_REQUESTS', message(result.ttl));
      }
    }
  };
}
