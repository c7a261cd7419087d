import { AdminAuditPageSchema, AdminAuditQuerySchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The audit log is read here and nowhere else; no route edits or deletes it (the table refuses it too). */
const auditRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin actions, newest first, searchable, in keyset pages',
        querystring: AdminAuditQuerySchema,
        response: { 200: AdminAuditPageSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request) => fastify.auditRepository.search(request.query),
  );
};
export default auditRoutes;
