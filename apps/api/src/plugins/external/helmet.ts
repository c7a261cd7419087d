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
  // Google sign-in opens a popup that reports back with postMessage (docs/product.md §4); 'same-origin'
  // would cut the popup off from this page as soon as it navigates to Google.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  // Shared post images are shown by WhatsApp and other apps: let them load.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
};

/**
 * For the API's JSON answers, the headers that mean something for a response that is not a
 * document (OWASP's REST Security Cheat Sheet): the document set is ~950 bytes per answer, as
 * much as a compressed feed page. Pages the API answers with (the Google sign-in popup) set their
 * own CSP and opener policy.
 */
const API_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * Documents under /api: the OpenAPI UI, and Google sign-in, which the popup navigates through. A
 * popup starts as about:blank with its opener's opener policy, so its first navigation (the start
 * redirect) must answer with the same policy, or the browser puts the popup in a new browsing
 * context group and the popup loses its opener (the sign-in then never reaches the page).
 */
const DOCUMENTS_UNDER_API = ['/api/docs', '/api/auth/google/'];

/** JSON answers: everything under /api but the documents above. */
function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !DOCUMENTS_UNDER_API.some((prefix) => url.startsWith(prefix));
}

/**
 * Powerful features a page may use (helmet sets no Permissions-Policy): the feed asks for the
 * visitor's location, Razorpay's checkout frame may take a payment; camera, microphone and sensors
 * are never used (photos come through a file input), so no page and no frame of one may ask for them.
 */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=(self)',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
  'usb=()',
].join(', ');

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
    const documents = { ...securityHeaders(OPTIONS), 'permissions-policy': PERMISSIONS_POLICY };
    const api = securityHeaders(API_OPTIONS);
    fastify.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? api : documents);
      done();
    });
  },
  { name: 'helmet' },
);
