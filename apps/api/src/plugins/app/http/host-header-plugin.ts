import fp from 'fastify-plugin';
import { AppError } from '#src/lib/app-error';

/** host[:port]: a name or IPv4 address, or an IPv6 address in brackets. */
const VALID_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

export const INVALID_HOST_MESSAGE = 'Invalid Host header';

/**
 * A request whose Host header is not a host name (or address) with an optional port is answered
 * 400, as HTTP/1.1 asks, before any route reads it. No URL the server writes is built from Host
 * (they use the configured origin); this keeps odd values from reaching code that parses it.
 */
export default fp(
  async (fastify) => {
    fastify.addHook('onRequest', async (request) => {
      const host = request.headers.host ?? request.headers[':authority'];
      if (typeof host === 'string' && !VALID_HOST.test(host)) throw AppError.badRequest(INVALID_HOST_MESSAGE);
    });
  },
  { name: 'host-header-plugin' },
);
