import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Google sign-in opens a popup that reports back with postMessage (spec §4); 'same-origin'
  // would cut the popup off from this page as soon as it navigates to Google.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Shared post images are shown by WhatsApp and other apps: let them load.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/** The headers helmet sets for these options, collected once from helmet itself. */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name] = String(value)),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * helmet's security headers on every answer. They depend only on the options (no CSP nonces), so
 * they are computed once: @fastify/helmet built them again, parsing the CSP, on every request
 * (a tenth of the feed's CPU per request in the profile of ADR 006).
 */
export default fp(
  async (fastify) => {
    const headers = securityHeaders();
    fastify.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
