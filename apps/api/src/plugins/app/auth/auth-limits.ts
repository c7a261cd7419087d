import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../../lib/app-error';

export const AUTH_LIMIT_WINDOW_MS = 15 * 60 * 1000;

export function tooManyAttemptsMessage(ttlMs: number): string {
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  return `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}

/**
 * Budgets for sign-in style actions over 15 minutes: one per IP and one per account (the lower-cased
 * email of the body). The account budget is kept for any email, known or not, and every attempt
 * counts (successful ones too), so a lockout never tells whether an account exists. `name` keeps
 * each action's budgets apart; `perIp` overrides the IP budget (refresh, which guesses nothing).
 */
export function authLimits(
  fastify: FastifyInstance,
  name: string,
  accountOf: (request: FastifyRequest) => string | undefined,
  options: { perIp?: number } = {},
): preHandlerAsyncHookHandler {
  const perIp = fastify.createRateLimit({
    max: options.perIp ?? fastify.config.RATE_LIMIT_AUTH_PER_IP,
    timeWindow: AUTH_LIMIT_WINDOW_MS,
    keyGenerator: (req: FastifyRequest) => `auth:${name}:ip:${req.ip}`,
  });
  const perAccount = fastify.createRateLimit({
    max: fastify.config.RATE_LIMIT_AUTH_PER_ACCOUNT,
    timeWindow: AUTH_LIMIT_WINDOW_MS,
    keyGenerator: (req: FastifyRequest) => `auth:${name}:account:${accountKey(accountOf(req) ?? '')}`,
  });

  return async (request, reply) => {
    const limiters = accountOf(request) ? [perIp, perAccount] : [perIp];
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', Math.max(1, Math.ceil(result.ttl / 1000)));
        throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(result.ttl));
      }
    }
  };
}

/** Emails do not sit in Redis in clear: the counter key is a hash of the normalised address. */
function accountKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** The account key of a body with `username` (login, register) or `email` (forgot password). */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { username?: unknown; email?: unknown } | undefined;
  const value = body?.username ?? body?.email;
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
