import { ErrorResponseSchema, WhatsAppPriceInputSchema, WhatsAppPriceSchema, WhatsAppPricingAdminSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

/** The admin's WhatsApp prices per template category (ADR 050): GET/POST /api/admin/pricing/whatsapp. */
const adminWhatsAppPricingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.whatsappPrices;

  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'The WhatsApp price of each template category, and their history',
        response: { 200: WhatsAppPricingAdminSchema, ...errors },
      },
    },
    async () => repo.admin(),
  );

  fastify.post(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['pricing'],
        summary: 'Set the price of a delivered WhatsApp template message of one category',
        description:
          'Each change is a new row with who made it and when; charges made after it use it, earlier ones keep theirs.',
        body: WhatsAppPriceInputSchema,
        response: { 201: WhatsAppPriceSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await repo.set(request.body, currentUser(request))),
  );
};

export default adminWhatsAppPricingRoutes;
