import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from '#src/lib/request-id';

/**
 * Every answer carries its request's id (lib/request-id.ts), the one its log line has: a person
 * reporting a failure, or a proxy's log, names the request the server logged. Added on the request,
 * so 404s, refusals and errors carry it too.
 */
export default fp(
  async (fastify) => {
    fastify.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id-plugin' },
);
