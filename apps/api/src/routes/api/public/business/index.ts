import {
  BusinessParamsSchema,
  BusinessProfileSchema,
  ErrorResponseSchema,
  PageQuerySchema,
  PostListSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freshReads } from '#src/plugins/app/auth/fresh-reads';
import { readVisitorId } from '#src/plugins/app/visitor/visitor-id';

const business: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/:userId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['business'],
        summary: "A business's public profile",
        params: BusinessParamsSchema,
        response: { 200: BusinessProfileSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => fastify.businessRepository.publicProfile(request.params.userId, { fresh: await freshReads(request) }),
  );

  fastify.get(
    '/:userId/posts',
    {
      config: { access: 'public' },
      schema: {
        tags: ['business'],
        summary: "A business's posts, newest first",
        params: BusinessParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: PostListSchema, 400: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const read = { fresh: await freshReads(request) };
      await fastify.businessRepository.publicProfile(request.params.userId, read);
      return fastify.feedRepository.byBusiness(request.params.userId, request.query, readVisitorId(request), read);
    },
  );
};
export default business;
