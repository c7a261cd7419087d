import { AnalyticsBatchResponseSchema, AnalyticsBatchSchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engagementLimits } from '#src/plugins/app/visitor/engagement-limits';
import { readVisitorId } from '#src/plugins/app/visitor/visitor-id';

const events: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      preHandler: engagementLimits(fastify, 'events', fastify.config.RATE_LIMIT_EVENTS_PER_MIN),
      schema: {
        tags: ['analytics'],
        summary: 'Store a batch of analytics events (docs/product.md §7)',
        body: AnalyticsBatchSchema,
        response: { 200: AnalyticsBatchResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const accepted = await fastify.eventsRepository.record(request.body.events, readVisitorId(request));
      return { success: true, accepted };
    },
  );
};
export default events;
