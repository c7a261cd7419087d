import { NEXT_CURSOR_HEADER } from '@aaspaas/domain';
import cors from '@fastify/cors';
import fp from 'fastify-plugin';

/**
 * Cross-origin calls from the Android app's WebView only (APP_ORIGINS, ADR 020): the web app is
 * served by this server and needs no CORS; every other origin gets no CORS headers, as before.
 * Credentials are allowed so a WebView that keeps cookies may send the visitor cookie; the app's
 * session itself travels in headers (Authorization, X-Refresh-Token), never in a cross-site cookie.
 */
export default fp(
  async (fastify) => {
    const allowed = new Set(fastify.config.APP_ORIGINS);
    await fastify.register(cors, {
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: [NEXT_CURSOR_HEADER],
      maxAge: 600,
    });
  },
  { name: 'cors', dependencies: ['env'] },
);
