import { AdminActivitySchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const adminActivityRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The last 30 India days of new businesses, posts and views, and the moderation queue',
        response: { 200: AdminActivitySchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async () => fastify.adminActivityRepository.activity(),
  );
};
export default adminActivityRoutes;
