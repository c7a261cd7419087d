import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { type Budget, rateBudget, waitMinutesMessage } from '#src/lib/rate-budget';

export const AUTH_LIMIT_WINDOW_MS = 15 * 60 * 1000;

/**
 * Budgets for sign-in style actions over 15 minutes: one per IP and one per account (the lower-cased
 * email of the body). The account budget is kept for any email, known or not, and every attempt
 * counts (successful ones too), so a lockout never tells whether an account exists. `name` keeps
 * each action's budgets apart; `perIp` overrides the IP budget (refresh, which guesses nothing).
 *
 * `perAddress` (sign-in): the account budget counts per account *and* IP, so someone guessing from
 * their address exhausts only their own pair and the owner signs in from theirs; a looser ceiling
 * per account across all addresses still caps what many addresses together may guess. An address
 * blocked on its pair spends nothing of the ceiling.
 */
export function authLimits(
  fastify: FastifyInstance,
  name: string,
  accountOf: (request: FastifyRequest) => string | undefined,
  options: { perIp?: number; perAddress?: boolean } = {},
): preHandlerAsyncHookHandler {
  const { RATE_LIMIT_AUTH_PER_IP, RATE_LIMIT_AUTH_PER_ACCOUNT, RATE_LIMIT_AUTH_ACCOUNT_CEILING } = fastify.config;
  const accountKey = (req: FastifyRequest) => {
    const account = accountOf(req);
    return account ? `auth:${name}:account:${hashedAccount(account)}` : undefined;
  };
  const ipBudget: Budget = {
    max: options.perIp ?? RATE_LIMIT_AUTH_PER_IP,
    windowMs: AUTH_LIMIT_WINDOW_MS,
    key: (req) => `auth:${name}:ip:${req.ip}`,
  };
  const accountBudgets: Budget[] = options.perAddress
    ? [
        {
          max: RATE_LIMIT_AUTH_PER_ACCOUNT,
          windowMs: AUTH_LIMIT_WINDOW_MS,
          key: (req) => {
            const account = accountKey(req);
            return account && `${account}:ip:${req.ip}`;
          },
        },
        { max: RATE_LIMIT_AUTH_ACCOUNT_CEILING, windowMs: AUTH_LIMIT_WINDOW_MS, key: accountKey },
      ]
    : [{ max: RATE_LIMIT_AUTH_PER_ACCOUNT, windowMs: AUTH_LIMIT_WINDOW_MS, key: accountKey }];
  return rateBudget(fastify, [ipBudget, ...accountBudgets], waitMinutesMessage);
}

/** Emails do not sit in Redis in clear: the counter key is a hash of the normalised address. */
function hashedAccount(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}

/** The account key of a body with `username` (login, register) or `email` (forgot password). */
export function bodyEmail(request: FastifyRequest): string | undefined {
  const body = request.body as { username?: unknown; email?: unknown } | undefined;
  const value = body?.username ?? body?.email;
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}
