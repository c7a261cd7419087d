import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { readVisitorId } from './visitor-id';

/**
 * Abuse limits for likes, views and events: one budget per IP and one per visitor id, so neither
 * rotating visitor ids nor sharing one IP (a whole college on one NAT) defeats them.
 */
export function engagementLimits(fastify: FastifyInstance, perMinute: number): preHandlerHookHandler[] {
  return [
    fastify.rateLimit({ max: perMinute * 4, timeWindow: 60_000, keyGenerator: (req) => `ip:${req.ip}` }),
    fastify.rateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `visitor:${readVisitorId(req) ?? req.ip}`,
    }),
  ];
}
