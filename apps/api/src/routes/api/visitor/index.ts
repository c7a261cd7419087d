import { ErrorResponseSchema, VisitorIdResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';

const visitorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['engagement'],
        summary: "This browser's visitor id, issued and signed by the server (one-year cookie)",
        description:
          'Answers the signed id the request carries (X-Visitor-Id or cookie), else a new one; new ids are rationed per IP address (429 once spent).',
        response: { 200: VisitorIdResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const visitorId = await fastify.visitorIdsService.issue(request, reply);
      if (!visitorId) {
        reply.header('retry-after', 3600);
        throw new AppError('TOO_MANY_REQUESTS', 'Too many new visitors from this network just now. Please try again later.');
      }
      return { visitorId };
    },
  );
};
export default visitorRoutes;
