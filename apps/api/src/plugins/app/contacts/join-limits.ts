import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { rateBudget, waitMinutesMessage } from '#src/lib/rate-budget';

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
  return rateBudget(
    fastify,
    [
      {
        max: JOIN_LIMIT_PER_BUSINESS_AND_IP,
        windowMs: JOIN_LIMIT_WINDOW_MS,
        key: (req) => `${name}:business:${businessOf(req)}:ip:${req.ip}`,
      },
      { max: JOIN_LIMIT_PER_IP, windowMs: JOIN_LIMIT_WINDOW_MS, key: (req) => `${name}:ip:${req.ip}` },
    ],
    waitMinutesMessage,
  );
}
