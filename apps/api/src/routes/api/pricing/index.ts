import { ErrorResponseSchema, NextPostCostSchema, PricingSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

/**
 * GET /api/pricing: today's prices for the auth page, /learn and the composer (docs/product.md §10);
 * GET /api/pricing/next-post: what the signed-in business's next post will cost.
 */
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

  fastify.get(
    '/next-post',
    {
      config: { access: 'business' },
      schema: {
        tags: ['pricing'],
        summary: 'What my next post will cost: free within the month’s allowance (free tier or plan), else the post price',
        response: { 200: NextPostCostSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => fastify.postAllowanceService.nextCost(currentUser(request).id),
  );
};
export default pricingRoutes;
