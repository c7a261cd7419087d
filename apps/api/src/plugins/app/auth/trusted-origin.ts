import { AUTH_MESSAGES } from '@aaspaas/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '#src/lib/app-error';

/**
 * Requests that sign in, refresh or end a session ride on the httpOnly refresh cookie, which a
 * browser attaches to any request to this site, a form another site posts included. SameSite=Lax
 * keeps it off most of those; this check does not rely on it. A browser names the page's origin in
 * `Origin` on every POST (same-origin ones too), so a request from a browser page is answered only
 * when that origin is the app's: PUBLIC_URL's, the one the request itself was sent to (a laptop's
 * dev server, which proxies /api), or the Android app's WebView (APP_ORIGINS, ADR 020). Without
 * `Origin` the caller is no browser page (curl, a server), which a forged request cannot be;
 * `Sec-Fetch-Site: cross-site` is refused even then.
 */
export function trustedOrigin(fastify: FastifyInstance): preHandlerAsyncHookHandler {
  const trusted = new Set([fastify.config.publicOrigin, ...fastify.config.APP_ORIGINS]);
  const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  return async (request) => {
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', AUTH_MESSAGES.foreignOrigin);
      return;
    }
    if (trusted.has(origin) || origin === ownOrigin(request)) return;
    request.log.info({ origin }, 'session request from a foreign origin refused');
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.foreignOrigin);
  };
}
