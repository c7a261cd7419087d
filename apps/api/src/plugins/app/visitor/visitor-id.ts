import { VISITOR_COOKIE, VISITOR_HEADER, VisitorIdSchema } from '@aaspaas/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error';

/** The visitor id of spec §3: the X-Visitor-Id header, else the one-year cookie, else `fallback`. */
export function readVisitorId(request: FastifyRequest, fallback?: string): string | undefined {
  const header = request.headers[VISITOR_HEADER];
  const candidate = (Array.isArray(header) ? header[0] : header) ?? request.cookies?.[VISITOR_COOKIE] ?? fallback;
  if (candidate === undefined) return undefined;
  const parsed = VisitorIdSchema.safeParse(candidate);
  return parsed.success ? parsed.data : undefined;
}

export function requireVisitorId(request: FastifyRequest, fallback?: string): string {
  const id = readVisitorId(request, fallback);
  if (!id) throw AppError.badRequest('Visitor id is missing or malformed: send the X-Visitor-Id header');
  return id;
}
