import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { rateBudget } from '#src/lib/rate-budget';
import { readVisitorId } from './visitor-id';

const WINDOW_MS = 60_000;

/**
 * Abuse limits for likes, views and events: one budget per visitor id and a larger one per IP,
 * so neither rotating visitor ids nor many visitors behind one IP (a college's NAT) defeats them.
 * `name` keeps each action's budget apart.
 */
export function engagementLimits(fastify: FastifyInstance, name: string, perMinute: number): preHandlerAsyncHookHandler {
  return rateBudget(fastify, [
    { max: perMinute * 4, windowMs: WINDOW_MS, key: (req) => `${name}:ip:${req.ip}` },
    { max: perMinute, windowMs: WINDOW_MS, key: (req) => `${name}:visitor:${readVisitorId(req) ?? req.ip}` },
  ]);
}
