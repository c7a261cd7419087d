import { ErrorResponseSchema, WHATSAPP_MESSAGES } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { signatureMatches } from '#src/plugins/app/wallet/payment-signature';
import {
  WEBHOOK_MAX_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  parseWebhook,
  webhookAuthentic,
} from '#src/plugins/app/whatsapp/webhook/webhook-events';

/** Meta's posts carry up to a thousand statuses; a few MB at most. */
const RAW_BODY_LIMIT = 3 * 1024 * 1024;

/** The Cloud API's webhook (ADR 050): Meta's verification, then signed statuses, messages and template reviews. */
const whatsappWebhookRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // The signature covers the exact bytes Meta sent: the body stays raw here.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: RAW_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  fastify.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags: ['whatsapp'],
        summary: 'Meta’s webhook verification',
        description:
          'Meta calls it when the webhook is set up: with hub.mode=subscribe and hub.verify_token equal to ' +
          'WHATSAPP_VERIFY_TOKEN the answer is hub.challenge as plain text; otherwise 403 (always 403 with no token set).',
        querystring: z.object({
          'hub.mode': z.string().max(40).optional(),
          'hub.verify_token': z.string().max(500).optional(),
          'hub.challenge': z.string().max(500).optional(),
        }),
        response: { 200: z.string(), 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const expected = fastify.config.WHATSAPP_VERIFY_TOKEN;
      const q = request.query;
      const matches =
        expected !== undefined && q['hub.verify_token'] !== undefined && signatureMatches(expected, q['hub.verify_token']);
      if (q['hub.mode'] !== 'subscribe' || !matches || q['hub.challenge'] === undefined) {
        throw new AppError('FORBIDDEN', WHATSAPP_MESSAGES.verifyRefused);
      }
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
    },
  );

  fastify.post(
    '/',
    {
      config: { access: 'public' },
      bodyLimit: RAW_BODY_LIMIT,
      schema: {
        tags: ['whatsapp'],
        summary: 'The Cloud API’s events: statuses, customers’ messages, template reviews',
        description:
          `${WEBHOOK_SIGNATURE_HEADER} must be sha256= and the hex HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET ` +
          '(401 otherwise; nothing changes). Statuses move a message forward only and a customer’s message is kept once by ' +
          'its id, so a replayed post changes nothing; ids of no connected number, message or template are acknowledged and ' +
          `ignored. At most ${WEBHOOK_MAX_EVENTS} events a post. 503 when they could not be saved (Meta sends them again).`,
        headers: z.looseObject({ [WEBHOOK_SIGNATURE_HEADER]: z.string().max(300).optional() }),
        response: {
          200: z.object({ accepted: z.number().int(), ignored: z.number().int() }),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          503: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!webhookAuthentic(fastify.config.WHATSAPP_APP_SECRET, body, request.headers[WEBHOOK_SIGNATURE_HEADER])) {
        throw new AppError('UNAUTHORIZED', WHATSAPP_MESSAGES.webhookUnauthorized);
      }
      const parsed = parseWebhook(body);
      if (!parsed.ok) throw AppError.badRequest(WHATSAPP_MESSAGES.webhookInvalid);
      try {
        await fastify.whatsappWebhook.apply(parsed.events);
      } catch (err) {
        request.log.error({ err }, 'whatsapp webhook not saved');
        throw new AppError('SERVICE_UNAVAILABLE', WHATSAPP_MESSAGES.webhookNotSaved);
      }
      return { accepted: parsed.events.length, ignored: parsed.ignored };
    },
  );
};

export default whatsappWebhookRoutes;
