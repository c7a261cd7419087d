import {
  DltEntityInputSchema,
  DltHeaderInputSchema,
  DltHeaderSchema,
  DltSetupSchema,
  DltTemplateInputSchema,
  DltTemplateSchema,
  ErrorResponseSchema,
  SmsAudiencePreviewSchema,
  SmsAudienceRequestSchema,
  SmsCampaignConfirmSchema,
  SmsCampaignDraftSchema,
  SmsCampaignInputSchema,
  SmsCampaignListQuerySchema,
  SmsCampaignListSchema,
  SmsCampaignSchema,
  SmsCostPreviewSchema,
  SmsHistoryPageSchema,
  SmsHistoryQuerySchema,
  SmsIdParamsSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '#src/lib/csv';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema };
const byIdErrors = { ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const IdParams = z.object({ id: z.uuid() });

/**
 * A business's SMS (docs/product.md §12): its DLT set-up, campaigns and SMS history. No route takes a
 * business id: a business reaches only its own rows, and another's id answers 404.
 */
const smsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const dlt = fastify.dltRepository;
  const campaigns = fastify.campaignsService;
  const history = fastify.smsHistoryRepository;

  fastify.get(
    '/dlt',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'My DLT set-up: entity id, headers and templates',
        response: { 200: DltSetupSchema, ...errors },
      },
    },
    async (request) => dlt.setup(currentUser(request).id),
  );

  fastify.put(
    '/dlt/entity',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Set my DLT principal entity id',
        body: DltEntityInputSchema,
        response: { 200: DltSetupSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await dlt.setEntity(userId, request.body);
      return dlt.setup(userId);
    },
  );

  fastify.post(
    '/dlt/headers',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Add a registered header (6 letters; 6 digits for promotional)',
        body: DltHeaderInputSchema,
        response: { 201: DltHeaderSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await dlt.addHeader(currentUser(request).id, request.body)),
  );

  fastify.delete(
    '/dlt/headers/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Delete a header no template uses',
        params: IdParams,
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await dlt.deleteHeader(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/dlt/templates',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Add a registered template (its text exactly as on DLT, variables as {#var#})',
        body: DltTemplateInputSchema,
        response: { 201: DltTemplateSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await dlt.addTemplate(currentUser(request).id, request.body)),
  );

  fastify.put(
    '/dlt/templates/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Change a template (campaigns already confirmed keep what they were confirmed with)',
        params: IdParams,
        body: DltTemplateInputSchema,
        response: { 200: DltTemplateSchema, ...byIdErrors },
      },
    },
    async (request) => dlt.updateTemplate(currentUser(request).id, request.params.id, request.body),
  );

  fastify.delete(
    '/dlt/templates/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Delete a template no unfinished campaign uses',
        params: IdParams,
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await dlt.deleteTemplate(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/campaigns/audience',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Who an audience reaches, and who it leaves out and why',
        body: SmsAudienceRequestSchema,
        response: { 200: SmsAudiencePreviewSchema, ...errors },
      },
    },
    async (request) => campaigns.audience(currentUser(request).id, request.body.audience, request.body.channel),
  );

  fastify.post(
    '/campaigns/preview',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'The cost (every recipient’s parts × the SMS price) and one message as it goes out',
        body: SmsCampaignDraftSchema,
        response: { 200: SmsCostPreviewSchema, ...errors },
      },
    },
    async (request) => campaigns.preview(currentUser(request).id, request.body),
  );

  fastify.get(
    '/campaigns',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'My campaigns, newest first, with their progress',
        querystring: SmsCampaignListQuerySchema,
        response: { 200: SmsCampaignListSchema, ...errors },
      },
    },
    async (request) => campaigns.listOwn(currentUser(request).id, request.query),
  );

  fastify.post(
    '/campaigns',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Save a campaign as a draft (checked as a send would be; nothing charged)',
        body: SmsCampaignInputSchema,
        response: { 201: SmsCampaignSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await campaigns.create(currentUser(request).id, request.body)),
  );

  fastify.get(
    '/campaigns/:id',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'One of my campaigns',
        params: SmsIdParamsSchema,
        response: { 200: SmsCampaignSchema, ...byIdErrors },
      },
    },
    async (request) => campaigns.get(currentUser(request).id, request.params.id),
  );

  fastify.delete(
    '/campaigns/:id',
    {
      config: { access: 'business' },
      schema: { tags: ['sms'], summary: 'Delete a draft', params: SmsIdParamsSchema, response: { 204: z.null(), ...byIdErrors } },
    },
    async (request, reply) => {
      await campaigns.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/campaigns/:id/confirm',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'Confirm a draft: reserves its cost in the wallet and queues every message',
        description: '402 when the wallet cannot pay ("add ₹N"); 409 when the cost is no longer the one the business saw.',
        params: SmsIdParamsSchema,
        body: SmsCampaignConfirmSchema,
        response: { 200: SmsCampaignSchema, ...byIdErrors, 402: ErrorResponseSchema },
      },
    },
    async (request) => campaigns.confirm(currentUser(request).id, request.params.id, request.body.expectedCostPaise),
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    fastify.post(
      `/campaigns/:id/${action}`,
      {
        config: { access: 'business' },
        schema: {
          tags: ['sms'],
          summary:
            action === 'cancel'
              ? 'Cancel a campaign: the messages not yet sent are refunded'
              : `${action === 'pause' ? 'Pause' : 'Resume'} a campaign`,
          params: SmsIdParamsSchema,
          response: { 200: SmsCampaignSchema, ...byIdErrors },
        },
      },
      async (request) => campaigns[action](currentUser(request).id, request.params.id),
    );
  }

  fastify.get(
    '/history',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'My SMS history, newest first; filters by campaign, status, India days and number',
        querystring: SmsHistoryQuerySchema,
        response: { 200: SmsHistoryPageSchema, ...errors },
      },
    },
    async (request) => {
      const { limit, cursor, ...filter } = request.query;
      return history.list(currentUser(request).id, filter, limit, cursor);
    },
  );

  fastify.get(
    '/history/export',
    {
      config: { access: 'business' },
      schema: {
        tags: ['sms'],
        summary: 'My SMS history as CSV (the same filters)',
        querystring: SmsHistoryQuerySchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      const { limit: _limit, cursor: _cursor, ...filter } = request.query;
      const csv = await history.csv(currentUser(request).id, filter);
      return sendCsv(reply, csv, 'sms-history.csv');
    },
  );
};

export default smsRoutes;
