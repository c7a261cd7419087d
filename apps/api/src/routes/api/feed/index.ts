import { ErrorResponseSchema, FeedQuerySchema, NEXT_CURSOR_HEADER, PostListSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readVisitorId } from '../../../plugins/app/visitor/visitor-id';

const feed: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['feed'],
        summary: 'Posts near a point (or all posts), newest first',
        description: `Keyset paging: when a full page is returned, the ${NEXT_CURSOR_HEADER} header carries the cursor of the next page.`,
        querystring: FeedQuerySchema,
        response: { 200: PostListSchema, 400: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const page = await fastify.feedRepository.feed(request.query, readVisitorId(request));
      if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
      reply.header('cache-control', 'no-store');
      return page.posts;
    },
  );
};
export default feed;
