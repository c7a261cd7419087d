import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { maskIp } from './personal-data';

/**
 * Query parameters whose values are secrets: password-reset and verification tokens in links that
 * open pages, the authorization code and state of the Google callback, and any key or signature a
 * future link may carry. Their values never reach a log line.
 */
const SECRET_PARAM = /^(token|code|state|password|secret|key|signature|sig|access_token|id_token|refresh_token)$/i;

/** The URL as logged: every secret query parameter's value replaced, the rest as requested. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const params = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape is logged as sent; only a readable name can be a known secret.
      }
      return eq !== -1 && SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${params.join('&')}`;
}

type RequestLike = Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip' | 'socket' | 'headers'>;

/**
 * The logger's `req` serializer (Fastify's own fields) with the URL redacted and, unless
 * `logPersonalData`, the client address shortened (lib/personal-data.ts): every line that logs a
 * request — ours, Fastify's 5xx lines, a plugin's — goes through it, so the server's logger must
 * be built with `logSerializers`.
 */
export function serializeRequest(req: RequestLike, logPersonalData = false) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: logPersonalData ? req.ip : maskIp(req.ip),
    remotePort: req.socket?.remotePort,
  };
}

/** Serializers for the server's logger (and for any test that reads its lines); see LOG_PERSONAL_DATA. */
export function logSerializers(logPersonalData: boolean) {
  return { req: (req: RequestLike) => serializeRequest(req, logPersonalData) };
}

/**
 * One log line per request instead of Fastify's two ('incoming request' and 'request completed'):
 * the completion line carries the method and URL as well, so nothing is lost, and each line costs a
 * JSON serialisation and a write syscall (ADR 007: the feed's request logs were ~70 µs of its
 * ~440 µs of API CPU per request).
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
