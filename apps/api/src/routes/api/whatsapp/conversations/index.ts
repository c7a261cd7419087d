import {
  ErrorResponseSchema,
  SmsCampaignSchema,
  WhatsAppConversationListSchema,
  WhatsAppReplyInputSchema,
  WhatsAppTemplateReplyDraftSchema,
  WhatsAppTemplateReplyInputSchema,
  WhatsAppTemplateReplyPreviewSchema,
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
  const templateReplies = fastify.whatsappTemplateReplies;

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

  fastify.post(
    '/:waId/template-replies/preview',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'An approved template as it would reach the customer, and its price (nothing is charged)',
        description: '409 when the customer is not a contact with a WhatsApp opt-in (a template reaches only them).',
        params: WhatsAppWaIdParamsSchema,
        body: WhatsAppTemplateReplyDraftSchema,
        response: { 200: WhatsAppTemplateReplyPreviewSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => templateReplies.preview(currentUser(request).id, request.params.waId, request.body),
  );

  fastify.post(
    '/:waId/template-replies',
    {
      config: { access: 'business' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Reply with an approved template (any time, paid): a WhatsApp campaign of one message',
        description:
          'Charged once from the wallet at the price previewed (409 with the new price otherwise; 402 when the wallet ' +
          'cannot pay), sent at most once, refunded if WhatsApp reports it failed. One campaign per idempotencyKey: a ' +
          'repeated request answers the same campaign. 409 when the customer has no WhatsApp opt-in.',
        params: WhatsAppWaIdParamsSchema,
        body: WhatsAppTemplateReplyInputSchema,
        response: {
          201: SmsCampaignSchema,
          ...errors,
          402: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await templateReplies.send(currentUser(request).id, request.params.waId, request.body)),
  );
};

export default conversationRoutes;
