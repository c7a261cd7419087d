import { AdminSmsHistoryPageSchema, AdminSmsHistoryQuerySchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** Every business's SMS (docs/product.md §12). */
const adminSmsHistoryRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every SMS, newest first; filters as the business’s history plus business and name search',
        querystring: AdminSmsHistoryQuerySchema,
        response: { 200: AdminSmsHistoryPageSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, cursor, ...filter } = request.query;
      return fastify.smsHistoryRepository.listAll(filter, limit, cursor);
    },
  );
};

export default adminSmsHistoryRoutes;
