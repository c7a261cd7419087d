import type { FastifyRequest } from 'fastify';
import { AppError } from '#src/lib/app-error';
import type { Visitor } from './visitor-ids-service';

/**
 * The visitor id of a request: the UUID of a server-issued, signed id from the X-Visitor-Id header,
 * else the one-year cookie, else `fallback` (a signed id in a body). Invented ids read as none.
 */
export function readVisitorId(request: FastifyRequest, fallback?: string): string | undefined {
  return request.server.visitorIdsService.read(request) ?? request.server.visitorIdsService.open(fallback);
}

const MISSING = 'Visitor id is missing or was not issued by this server: reload the page and try again';

export function requireVisitorId(request: FastifyRequest, fallback?: string): string {
  return requireVisitor(request, fallback).id;
}

/** The request's visitor (whether it is a new one, ADR 048), as requireVisitorId finds it. */
export function requireVisitor(request: FastifyRequest, fallback?: string): Visitor {
  const { visitorIdsService } = request.server;
  const visitor = visitorIdsService.visitor(request) ?? visitorIdsService.visitorOf(fallback);
  if (!visitor) throw AppError.badRequest(MISSING);
  return visitor;
}
