import { VisitorIdResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const visitorRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['engagement'],
        summary: "This browser's visitor id, issued and signed by the server (one-year cookie)",
        description:
          'Answers the signed id the request carries (X-Visitor-Id or cookie), else a new one: every browser gets one. ' +
          "Beyond VISITOR_IDS_PER_IP_PER_HOUR new ids an hour from one address, new ids are new visitors' (ADR 048).",
        response: { 200: VisitorIdResponseSchema },
      },
    },
    async (request, reply) => ({ visitorId: await fastify.visitorIdsService.issue(request, reply) }),
  );
};
export default visitorRoutes;
