import {
  ErrorResponseSchema,
  WHATSAPP_MESSAGES,
  WhatsAppConnectionInputSchema,
  WhatsAppSetupSchema,
  WhatsAppSimulatedInboundSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };

/**
 * A business's WhatsApp Business number (docs/product.md §12, ADR 050): connecting it, its templates,
 * and on the local stand-in a simulated customer. No route takes a business id.
 */
const whatsappRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const connections = fastify.whatsappConnections;

  fastify.get(
    '/setup',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'My WhatsApp connection and templates',
        response: { 200: WhatsAppSetupSchema, ...errors },
      },
    },
    async (request) => connections.setup(currentUser(request).id),
  );

  fastify.put(
    '/connection',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Connect my WhatsApp Business number',
        description:
          'Checks the phone number id, the WhatsApp Business Account id and the access token with one harmless call ' +
          '(the account’s phone numbers), keeps the token encrypted, then syncs the account’s templates. 400 when Meta ' +
          'refuses the token or the number is not in the account; 409 when another business has connected the number; ' +
          '503 when Meta cannot be reached.',
        body: WhatsAppConnectionInputSchema,
        response: { 200: WhatsAppSetupSchema, ...errors, 409: ErrorResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (request) => connections.connect(currentUser(request).id, request.body),
  );

  fastify.delete(
    '/connection',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Disconnect my WhatsApp number (its token and templates are removed)',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await connections.disconnect(currentUser(request).id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/templates/sync',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Sync my templates from my WhatsApp Business Account',
        response: { 200: WhatsAppSetupSchema, ...errors, 503: ErrorResponseSchema },
      },
    },
    async (request) => connections.syncTemplates(currentUser(request).id),
  );

  fastify.post(
    '/local/inbound',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Simulate a customer’s WhatsApp message to my number (local stand-in only)',
        description: 'For trying the inbox on a laptop: 404 when the Cloud API is configured.',
        body: WhatsAppSimulatedInboundSchema,
        response: { 204: z.null(), ...errors, 404: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const simulate = fastify.whatsappCloud.simulateInbound;
      if (!simulate) throw AppError.notFound(WHATSAPP_MESSAGES.standInOnly);
      const account = await connections.account(currentUser(request).id);
      if (!account) throw AppError.badRequest(WHATSAPP_MESSAGES.notConnected);
      await simulate({ phoneNumberId: account.phoneNumberId, ...request.body });
      return reply.code(204).send(null);
    },
  );
};

export default whatsappRoutes;
