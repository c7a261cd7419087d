import {
  ClaimIdParamsSchema,
  ClaimListSchema,
  ClaimSchema,
  ClaimTotalsQuerySchema,
  ClaimTotalsSchema,
  ErrorResponseSchema,
  RedeemByCodeRequestSchema,
  RedeemRequestSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const redeemErrors = { ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 410: ErrorResponseSchema };
const OWNERSHIP = "Only the caller's own claims: another business's claim answers 404, exactly like a missing one.";

/**
 * The signed-in business's counter (docs/product.md §3, Claims):
 *   GET  /api/user/claims              today's claims (India day), newest first
 *   GET  /api/user/claims/totals       claims, redeemed and ₹ received (of one post with ?postId=)
 *   POST /api/user/claims/:id/redeem   mark one redeemed (one tap), with the amount received
 *   POST /api/user/claims/redeem       mark one redeemed by the code the customer shows
 */
const claimsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.claimsRepository;
  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: { tags: ['claims'], summary: "Today's claims of my offers", response: { 200: ClaimListSchema, ...errors } },
    },
    async (request) => repo.today(currentUser(request).id),
  );

  fastify.get(
    '/totals',
    {
      config: { access: 'business' },
      schema: {
        tags: ['claims'],
        summary: 'Claims, redeemed claims and rupees received, of one of my posts or all',
        querystring: ClaimTotalsQuerySchema,
        response: { 200: ClaimTotalsSchema, ...errors },
      },
    },
    async (request) => repo.totals(currentUser(request).id, request.query.postId ?? null),
  );

  fastify.post(
    '/:id/redeem',
    {
      config: { access: 'business' },
      schema: {
        tags: ['claims'],
        summary: 'Mark a claim redeemed with the amount received (the offer price when not given)',
        description: `${OWNERSHIP} 409 when it was already redeemed, 410 when its offer has ended.`,
        params: ClaimIdParamsSchema,
        body: RedeemRequestSchema,
        response: { 200: ClaimSchema, ...redeemErrors },
      },
    },
    async (request) => repo.redeem(currentUser(request).id, request.params.id, request.body.receivedPaise),
  );

  fastify.post(
    '/redeem',
    {
      config: { access: 'business' },
      schema: {
        tags: ['claims'],
        summary: 'Mark a claim redeemed by the code the customer shows',
        description: `${OWNERSHIP} A code of today's claims only; 409 when it was already redeemed, 410 when its offer has ended.`,
        body: RedeemByCodeRequestSchema,
        response: { 200: ClaimSchema, ...redeemErrors },
      },
    },
    async (request) => repo.redeemByCode(currentUser(request).id, request.body.code, request.body.receivedPaise),
  );
};
export default claimsRoutes;
