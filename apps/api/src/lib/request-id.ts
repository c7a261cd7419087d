import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What an incoming id may be: a proxy's id (nginx's $request_id is 32 hex digits, a load balancer's a
 * UUID or `Root=1-…`) fits; anything longer or with other characters could forge log lines or fill them.
 */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/**
 * The request's id (Fastify's genReqId): the caller's X-Request-Id when it is a valid one, so one id
 * follows a request through the proxy's log and ours; else a new random UUID, unique across processes.
 */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID();
}
