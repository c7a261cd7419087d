import { AnalyticsBatchResponseSchema, AnalyticsBatchSchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { engagementLimits } from '#src/plugins/app/visitor/engagement-limits';
import { newVisitorAllowance } from '#src/plugins/app/visitor/new-visitor-allowance';

const events: FastifyPluginAsyncZod = async (fastify) => {
  // A new visitor's batches count within a budget per address (ADR 048); beyond it they are stored, not counted.
  const counts = newVisitorAllowance(fastify, 'events');
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
      const visitor = fastify.visitorIdsService.visitor(request);
      const countedAs = visitor && (await counts(request, visitor)) ? visitor.id : undefined;
      const accepted = await fastify.eventsRepository.record(request.body.events, countedAs);
      return { success: true, accepted };
    },
  );
};
export default events;
