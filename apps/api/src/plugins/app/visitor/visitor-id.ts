import type { FastifyRequest } from 'fastify';
import { AppError } from '#src/lib/app-error';

/**
 * The visitor id of a request: the UUID of a server-issued, signed id from the X-Visitor-Id header,
 * else the one-year cookie, else `fallback` (a signed id in a body). Invented ids read as none.
 */
export function readVisitorId(request: FastifyRequest, fallback?: string): string | undefined {
  return request.server.visitorIdsService.read(request) ?? request.server.visitorIdsService.open(fallback);
}

export function requireVisitorId(request: FastifyRequest, fallback?: string): string {
  const id = readVisitorId(request, fallback);
  if (!id) throw AppError.badRequest('Visitor id is missing or was not issued by this server: reload the page and try again');
  return id;
}
