import {
  ErrorResponseSchema,
  LikeResponseSchema,
  PostIdParamsSchema,
  PostSchema,
  ViewBodySchema,
  ViewResponseSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engagementLimits } from '#src/plugins/app/visitor/engagement-limits';
import { readVisitorId, requireVisitorId } from '#src/plugins/app/visitor/visitor-id';

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema };

const postsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const likeLimits = engagementLimits(fastify, 'like', fastify.config.RATE_LIMIT_ENGAGEMENT_PER_MIN);
  const viewLimits = engagementLimits(fastify, 'view', fastify.config.RATE_LIMIT_ENGAGEMENT_PER_MIN);

  fastify.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: { tags: ['posts'], summary: 'One post', params: PostIdParamsSchema, response: { 200: PostSchema, ...errors } },
    },
    async (request) => fastify.feedRepository.byId(request.params.id, readVisitorId(request)),
  );

  fastify.post(
    '/:id/like',
    {
      config: { access: 'public' },
      preHandler: likeLimits,
      schema: {
        tags: ['posts'],
        summary: 'Like a post (once per visitor)',
        params: PostIdParamsSchema,
        response: { 200: LikeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await fastify.engagementRepository.like(request.params.id, requireVisitorId(request));
      return { success: true, ...result };
    },
  );

  fastify.delete(
    '/:id/like',
    {
      config: { access: 'public' },
      preHandler: likeLimits,
      schema: {
        tags: ['posts'],
        summary: 'Take back a like',
        params: PostIdParamsSchema,
        response: { 200: LikeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await fastify.engagementRepository.unlike(request.params.id, requireVisitorId(request));
      return { success: true, ...result };
    },
  );

  fastify.post(
    '/:id/view',
    {
      config: { access: 'public' },
      preHandler: viewLimits,
      schema: {
        tags: ['posts'],
        summary: 'Record a view (counted once per visitor per post per day)',
        params: PostIdParamsSchema,
        body: ViewBodySchema,
        response: { 200: ViewResponseSchema, ...errors },
      },
    },
    async (request) => {
      const visitorId = requireVisitorId(request, request.body?.anonId);
      const result = await fastify.engagementRepository.view(request.params.id, visitorId);
      return { success: true, ...result };
    },
  );
};
export default postsRoutes;
