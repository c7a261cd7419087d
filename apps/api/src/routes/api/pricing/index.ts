import { ErrorResponseSchema, PricingSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/pricing: today's prices for the auth page, /learn and the composer (docs/product.md §10). */
const pricingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pricing'],
        summary: 'Current prices: SMS per segment, free posts a month, the price of a further post, the plans on sale',
        response: { 200: PricingSchema, 400: ErrorResponseSchema },
      },
    },
    async () => fastify.pricingRepository.current(),
  );
};
export default pricingRoutes;
