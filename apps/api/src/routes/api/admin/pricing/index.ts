import {
  ErrorResponseSchema,
  PlanInputSchema,
  PlanPricingAdminSchema,
  PlanVersionSchema,
  PostPricingAdminSchema,
  PostPricingInputSchema,
  PostPricingSchema,
  SmsPriceInputSchema,
  SmsPriceSchema,
  SmsPricingAdminSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const APPEND_ONLY = 'Each change is a new row with who made it and when; charges made after it use it, earlier ones keep theirs.';

/**
 * The admin's prices (docs/product.md §10):
 *   GET/POST /api/admin/pricing/sms     price per SMS segment
 *   GET/POST /api/admin/pricing/posts   free posts per India month and the price of each further post
 *   GET/POST /api/admin/pricing/plans   subscription plans (a new code adds a plan; active: false retires one)
 */
const adminPricingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.pricingRepository;

  fastify.get(
    '/sms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'The SMS price and its history',
        response: { 200: SmsPricingAdminSchema, ...errors },
      },
    },
    async () => repo.smsAdmin(),
  );

  fastify.post(
    '/sms',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'Set the price of one SMS segment',
        description: APPEND_ONLY,
        body: SmsPriceInputSchema,
        response: { 201: SmsPriceSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.setSmsPrice(request.body, currentUser(request))),
  );

  fastify.get(
    '/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'Post pricing and its history',
        response: { 200: PostPricingAdminSchema, ...errors },
      },
    },
    async () => repo.postAdmin(),
  );

  fastify.post(
    '/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'Set the free posts per month and the price of each further post',
        description: APPEND_ONLY,
        body: PostPricingInputSchema,
        response: { 201: PostPricingSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.setPostPricing(request.body, currentUser(request))),
  );

  fastify.get(
    '/plans',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'Subscription plans (newest version of each) and their history',
        response: { 200: PlanPricingAdminSchema, ...errors },
      },
    },
    async () => repo.planAdmin(),
  );

  fastify.post(
    '/plans',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'Add a plan or change one (by code)',
        description: `${APPEND_ONLY} A business on the plan gets the new terms at its next renewal.`,
        body: PlanInputSchema,
        response: { 201: PlanVersionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.setPlan(request.body, currentUser(request))),
  );
};
export default adminPricingRoutes;
