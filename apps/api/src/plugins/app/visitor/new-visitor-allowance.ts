import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Visitor } from './visitor-ids-service';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether what a visitor does now counts (ADR 048): a confirmed visitor's always; a new visitor's
 * (an id issued beyond its address's hourly ration) while NEW_VISITOR_COUNTS_PER_IP_PER_HOUR lasts,
 * counted per address and post (the route's `:id`; per address alone where there is none) and kept
 * apart per action by `name`. A crowd behind one carrier address is counted; ids minted in bulk on
 * one address add at most that many to a post an hour.
 */
export function newVisitorAllowance(fastify: FastifyInstance, name: string) {
  const budget = fastify.createRateLimit({
    max: fastify.config.NEW_VISITOR_COUNTS_PER_IP_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (req: FastifyRequest) =>
      `${name}:new-visitor:${req.ip}:${(req.params as { id?: string } | undefined)?.id ?? ''}`,
  });
  return async (request: FastifyRequest, visitor: Visitor): Promise<boolean> => {
    if (!visitor.isNew) return true;
    const spent = await budget(request);
    return spent.isAllowed || !spent.isExceeded;
  };
}
