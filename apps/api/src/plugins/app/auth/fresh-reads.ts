import type { FastifyRequest } from 'fastify';
import { bearerToken } from './access-guard-plugin';

/**
 * Whether a public read should skip the replica (ADR 047): a replica is configured and the caller is
 * signed in (a valid access token; no database lookup). A business that has just changed its profile or
 * published a post then sees it on its own public pages at once; anonymous readers take the replica.
 */
export async function freshReads(request: FastifyRequest): Promise<boolean> {
  const { server } = request;
  if (!server.dbHandle.read.replica) return false;
  const token = bearerToken(request);
  return token !== null && (await server.accessTokenService.verify(token)) !== null;
}
