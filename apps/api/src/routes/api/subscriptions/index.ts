import {
  ChoosePlanRequestSchema,
  CurrentSubscriptionSchema,
  ErrorResponseSchema,
  PlanChangeResultSchema,
  SUBSCRIPTION_GRACE_DAYS,
  SubscriptionIdParamsSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const OWNERSHIP = "Only the caller's own subscription: another business's id answers 404, like a missing one.";

/**
 * The signed-in business's plan (docs/product.md §10):
 *   GET  /api/subscriptions/current      the plan not ended, or null (free tier)
 *   POST /api/subscriptions              buy a plan for one India month (201)
 *   POST /api/subscriptions/:id/change   upgrade now (charged pro rata) or downgrade at renewal
 *   POST /api/subscriptions/:id/cancel   keep the plan to the period's end, then the free tier
 */
const subscriptionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const service = fastify.subscriptionsService;

  fastify.get(
    '/current',
    {
      config: { access: 'business' },
      schema: {
        tags: ['subscriptions'],
        summary: 'My plan: active, in grace (the renewal could not be paid), or null on the free tier',
        response: { 200: CurrentSubscriptionSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ subscription: await service.current(currentUser(request).id) }),
  );

  fastify.post(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Buy a plan from the wallet for one month (India time)',
        description:
          `Renews from the wallet at the period's end; a renewal the wallet cannot pay keeps the plan ` +
          `${SUBSCRIPTION_GRACE_DAYS} days, then the free tier. 402 when the balance cannot pay; 409 with a plan already.`,
        body: ChoosePlanRequestSchema,
        response: { 201: PlanChangeResultSchema, ...errors, 402: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await service.buy(currentUser(request).id, request.body.planCode)),
  );

  fastify.post(
    '/:id/change',
    {
      config: { access: 'business' },
      schema: {
        tags: ['subscriptions'],
        summary: 'Change plan: a dearer one now, a cheaper one at renewal',
        description:
          'An upgrade charges (new − old monthly price) × the share of the period left, in whole minutes, rounded ' +
          'down to the paisa. Choosing the current plan undoes a cancel or a scheduled downgrade. ' +
          OWNERSHIP,
        params: SubscriptionIdParamsSchema,
        body: ChoosePlanRequestSchema,
        response: { 200: PlanChangeResultSchema, ...errors, 402: ErrorResponseSchema, 409: ErrorResponseSchema },
      },
    },
    async (request) => service.change(currentUser(request).id, request.params.id, request.body.planCode),
  );

  fastify.post(
    '/:id/cancel',
    {
      config: { access: 'business' },
      schema: {
        tags: ['subscriptions'],
        summary: "Cancel: the plan stays to the period's end and does not renew",
        description: `A plan in grace (its renewal unpaid) ends at once. ${OWNERSHIP}`,
        params: SubscriptionIdParamsSchema,
        response: { 200: CurrentSubscriptionSchema, ...errors },
      },
    },
    async (request) => ({ subscription: await service.cancel(currentUser(request).id, request.params.id) }),
  );
};
export default subscriptionRoutes;
