import {
  ErrorResponseSchema,
  WhatsAppConversationListSchema,
  WhatsAppReplyInputSchema,
  WhatsAppThreadMessageSchema,
  WhatsAppThreadSchema,
  WhatsAppWaIdParamsSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };

/** The enquiry inbox (ADR 050): customers' WhatsApp messages per customer, and the business's replies. */
const conversationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const inbox = fastify.whatsappInbox;

  fastify.get(
    '/',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'My WhatsApp conversations, newest first, with what is new',
        response: { 200: WhatsAppConversationListSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => inbox.list(currentUser(request).id),
  );

  fastify.get(
    '/:waId',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'A conversation’s latest messages (opening it marks them seen)',
        params: WhatsAppWaIdParamsSchema,
        response: { 200: WhatsAppThreadSchema, ...errors },
      },
    },
    async (request) => inbox.thread(currentUser(request).id, request.params.waId),
  );

  fastify.post(
    '/:waId/replies',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Reply with free text inside the 24-hour customer service window (free of charge)',
        description:
          'Sent at most once per idempotencyKey: a repeated request answers the first message and sends nothing. 409 when ' +
          'the customer last wrote more than 24 hours ago (only a template reaches them then); 503 when WhatsApp refused it.',
        params: WhatsAppWaIdParamsSchema,
        body: WhatsAppReplyInputSchema,
        response: { 201: WhatsAppThreadMessageSchema, ...errors, 409: ErrorResponseSchema, 503: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await inbox.reply(currentUser(request).id, request.params.waId, request.body)),
  );
};

export default conversationRoutes;
