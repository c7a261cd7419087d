import {
  ErrorResponseSchema,
  GeoReverseQuerySchema,
  GeoReverseResponseSchema,
  GeoSearchQuerySchema,
  GeoSuggestionSchema,
  LocateResponseSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Place search and geocoding answers change rarely: browsers and proxies may keep them for an hour. */
const CACHEABLE = 'public, max-age=3600';

const geo: FastifyPluginAsyncZod = async (fastify) => {
  // POST /locate carries no body, yet clients often send `content-type: application/json` anyway:
  // in this folder an empty JSON body is no error (the body is never read here).
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('Request body is not valid JSON'), { statusCode: 400 }), undefined);
    }
  });

  fastify.post(
    '/locate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: "Approximate location of the caller's IP address",
        description:
          "No body. `source: 'ip'` with a point (and city) when the address is public and placed to a city; " +
          "`source: 'unknown'` with null coordinates for private, loopback or unplaceable addresses.",
        response: { 200: LocateResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return fastify.geoService.locate(request.ip);
    },
  );

  fastify.get(
    '/search',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'Search places in India (cities and localities), best first',
        querystring: GeoSearchQuerySchema,
        response: { 200: z.array(GeoSuggestionSchema), 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      reply.header('cache-control', CACHEABLE);
      return fastify.geoService.search(q, limit);
    },
  );

  fastify.get(
    '/reverse',
    {
      config: { access: 'public' },
      schema: {
        tags: ['geo'],
        summary: 'Label of a point: locality, city and state',
        querystring: GeoReverseQuerySchema,
        response: { 200: GeoReverseResponseSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { lat, lon } = request.query;
      reply.header('cache-control', CACHEABLE);
      return fastify.geoService.reverse(lat, lon);
    },
  );
};
export default geo;
