import { ErrorResponseSchema, FeedQuerySchema, NEXT_CURSOR_HEADER, PostListSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from '#src/lib/compiled-serializer';
import { rateBudget } from '#src/lib/rate-budget';
import { freshReads } from '#src/plugins/app/auth/fresh-reads';
import { readVisitorId } from '#src/plugins/app/visitor/visitor-id';

const feed: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      // Generous, per IP (many phones share one address): stops one machine looping on the feed.
      preHandler: rateBudget(fastify, [
        { max: fastify.config.RATE_LIMIT_FEED_PER_MIN, windowMs: 60_000, key: (req) => `feed:ip:${req.ip}` },
      ]),
      schema: {
        tags: ['feed'],
        summary: 'Posts near a point (or all posts), newest first',
        description: `Keyset paging: when a full page is returned, the ${NEXT_CURSOR_HEADER} header carries the cursor of the next page.`,
        querystring: FeedQuerySchema,
        response: { 200: PostListSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
      // The hot path: the answers are written by a serializer compiled from the same contracts (ADR 006).
      serializerCompiler: compiledSerializerCompiler,
      // A page is a few KB of JSON: brotli (quality 4) makes it ~5 % smaller than gzip for about
      // twice the CPU, so phones that take both get gzip here (ADR 006). Static files keep brotli.
      compress: { encodings: ['gzip', 'deflate', 'br'] },
    },
    async (request, reply) => {
      const page = await fastify.feedRepository.feed(request.query, readVisitorId(request), { fresh: await freshReads(request) });
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      reply.header('cache-control', 'no-store');
      return page.posts;
    },
  );
};
export default feed;
