import {
  CONSENT_CODE_RESEND_AFTER_MS,
  CONSENT_CODE_TTL_MS,
  type ConsentCodePurpose,
  ConsentCodeSentSchema,
  codeSentMessage,
  CONTACT_MESSAGES,
  ErrorResponseSchema,
  JoinBusinessSchema,
  JoinCodeRequestSchema,
  JoinRequestSchema,
  joinedMessage,
  MessageResponseSchema,
  normalizeIndianMobile,
  OptOutCodeRequestSchema,
  OptOutRequestSchema,
  resendTooSoonMessage,
} from '@aaspaas/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { consentCodeLimits } from '#src/plugins/app/consent-codes/consent-code-limits';
import { joinLimits } from '#src/plugins/app/contacts/join-limits';

const BUSINESS_NOT_FOUND = 'Business not found';
/** A malformed id names no business: the app's error handler answers it as a missing one (404). */
const JoinParamsSchema = z.object({ businessId: z.uuid({ error: BUSINESS_NOT_FOUND }) });

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema };

/**
 * The public opt-in page behind a business's QR code (/join/{businessId}): a customer adds
 * themself to the list with explicit consent, or takes their number off it. Either needs the one-time
 * code the server sends by SMS to that number first, so only the number's owner can do it. Nothing
 * here answers anything about the business's customers beyond the customer's own action.
 */
const joinRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.contactsRepository;
  const codes = fastify.consentCodeService;
  const joinLimit = joinLimits(fastify, 'join');
  const optOutLimit = joinLimits(fastify, 'opt-out');
  const codeLimits = consentCodeLimits(fastify);

  const target = async (businessId: string) => {
    const business = await repo.joinTarget(businessId);
    if (!business) throw AppError.notFound(BUSINESS_NOT_FOUND);
    return business;
  };
  const mobileOf = (raw: string) => {
    const mobile = normalizeIndianMobile(raw);
    if (!mobile) throw AppError.badRequest(CONTACT_MESSAGES.mobileInvalid, { field: 'mobileNumber' });
    return mobile;
  };

  /** Sends a code for one form, unless the last one is too recent or the number's budget is spent. */
  async function sendCode(
    request: FastifyRequest,
    reply: FastifyReply,
    businessId: string,
    rawMobile: string,
    purpose: ConsentCodePurpose,
  ) {
    const business = await target(businessId);
    const mobileNumber = mobileOf(rawMobile);
    const codeTarget = { businessId: business.businessId, mobileNumber, purpose };
    const wait = await codes.resendWaitSeconds(codeTarget);
    if (wait > 0) {
      reply.header('retry-after', wait);
      throw new AppError('TOO_MANY_REQUESTS', resendTooSoonMessage(wait));
    }
    await codeLimits.perNumber.call(fastify, request, reply);
    await codes.send({ ...codeTarget, businessName: business.businessName });
    return reply.code(202).send({
      message: codeSentMessage(mobileNumber),
      resendAfterSeconds: CONSENT_CODE_RESEND_AFTER_MS / 1000,
      expiresInSeconds: CONSENT_CODE_TTL_MS / 1000,
    });
  }

  const codeDescription =
    'Sends a 6-digit code by SMS to the number (a new one replaces the last; at most one every 30 s). The answer is the ' +
    'same whether or not the number is on the list. Limited to 20 codes an hour per IP and 5 an hour per number.';
  const codeErrors = { 202: ConsentCodeSentSchema, ...errors };

  fastify.get(
    '/:businessId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contacts'],
        summary: 'The business a customer is about to join',
        params: JoinParamsSchema,
        response: { 200: JoinBusinessSchema, ...errors },
      },
    },
    async (request) => target(request.params.businessId),
  );

  fastify.post(
    '/:businessId/code',
    {
      config: { access: 'public' },
      preHandler: codeLimits.perAddress,
      schema: {
        tags: ['contacts'],
        summary: 'Send the code that proves the number is mine, to join',
        description: codeDescription,
        params: JoinParamsSchema,
        body: JoinCodeRequestSchema,
        response: codeErrors,
      },
    },
    async (request, reply) => sendCode(request, reply, request.params.businessId, request.body.mobileNumber, 'join'),
  );

  fastify.post(
    '/:businessId/opt-out/code',
    {
      config: { access: 'public' },
      preHandler: codeLimits.perAddress,
      schema: {
        tags: ['contacts'],
        summary: 'Send the code that proves the number is mine, to stop messages',
        description: codeDescription,
        params: JoinParamsSchema,
        body: OptOutCodeRequestSchema,
        response: codeErrors,
      },
    },
    async (request, reply) => sendCode(request, reply, request.params.businessId, request.body.mobileNumber, 'opt-out'),
  );

  fastify.post(
    '/:businessId',
    {
      config: { access: 'public' },
      preHandler: joinLimit,
      schema: {
        tags: ['contacts'],
        summary: "Join a business's customer list (explicit consent)",
        description:
          "With the code sent to the number, adds the customer (source 'qr', consent now, channel 'qr_opt_in'); a number " +
          "already on the list is given a fresh consent and opted back in, keeping the business's record. With whatsapp: true " +
          "the same code also records a WhatsApp opt-in (method 'join_page', with its proof). Both answer 201 " +
          'with the same message, so nobody can learn whether a number was on the list. A wrong, expired or used code is a ' +
          "400 on 'code' and writes nothing. Limited per IP.",
        params: JoinParamsSchema,
        body: JoinRequestSchema,
        response: { 201: MessageResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const business = await target(request.params.businessId);
      const mobile = mobileOf(request.body.mobileNumber);
      await codes.consume({ businessId: business.businessId, mobileNumber: mobile, purpose: 'join' }, request.body.code);
      await repo.join(business.businessId, request.body.name, mobile, request.body.whatsapp === true);
      return reply.code(201).send({ message: joinedMessage(business.businessName) });
    },
  );

  fastify.post(
    '/:businessId/opt-out',
    {
      config: { access: 'public' },
      preHandler: optOutLimit,
      schema: {
        tags: ['contacts'],
        summary: "Take my number off a business's list",
        description:
          'With the code sent to the number, marks it opted out. The answer is the same whether or not the number was on ' +
          "the list, so the form cannot be used to learn who a business's customers are. A wrong, expired or used code is " +
          "a 400 on 'code'. Limited per IP.",
        params: JoinParamsSchema,
        body: OptOutRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const business = await target(request.params.businessId);
      const mobile = mobileOf(request.body.mobileNumber);
      await codes.consume({ businessId: business.businessId, mobileNumber: mobile, purpose: 'opt-out' }, request.body.code);
      await repo.optOut(business.businessId, mobile);
      return { message: CONTACT_MESSAGES.optedOut };
    },
  );
};
export default joinRoutes;
