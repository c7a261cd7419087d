import {
  CONTACT_MESSAGES,
  ErrorResponseSchema,
  JoinBusinessSchema,
  JoinRequestSchema,
  joinedMessage,
  MessageResponseSchema,
  normalizeIndianMobile,
  OptOutRequestSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { joinLimits } from '#src/plugins/app/contacts/join-limits';

const BUSINESS_NOT_FOUND = 'Business not found';
/** A malformed id names no business: the app's error handler answers it as a missing one (404). */
const JoinParamsSchema = z.object({ businessId: z.uuid({ error: BUSINESS_NOT_FOUND }) });

const errors = { 400: ErrorResponseSchema, 404: ErrorResponseSchema, 429: ErrorResponseSchema };

/**
 * The public opt-in page behind a business's QR code (/join/{businessId}): a customer adds
 * themself to the list with explicit consent, or takes their number off it. Nothing here answers
 * anything about the business's customers beyond the customer's own action.
 */
const joinRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const repo = fastify.contactsRepository;
  const joinLimit = joinLimits(fastify, 'join');
  const optOutLimit = joinLimits(fastify, 'opt-out');

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
    '/:businessId',
    {
      config: { access: 'public' },
      preHandler: joinLimit,
      schema: {
        tags: ['contacts'],
        summary: "Join a business's customer list (explicit consent)",
        description:
          "Adds the customer (source 'qr', consent now, channel 'qr_opt_in'); a number already on the list is given a " +
          "fresh consent and opted back in, keeping the business's record. Both answer 201 with the same message, so " +
          'nobody can learn whether a number was on the list. Limited per IP.',
        params: JoinParamsSchema,
        body: JoinRequestSchema,
        response: { 201: MessageResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const business = await target(request.params.businessId);
      const mobile = mobileOf(request.body.mobileNumber);
      await repo.join(business.businessId, request.body.name, mobile);
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
          'Marks the number opted out. The answer is the same whether or not the number was on the list, so the form ' +
          "cannot be used to learn who a business's customers are. Limited per IP.",
        params: JoinParamsSchema,
        body: OptOutRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const business = await target(request.params.businessId);
      await repo.optOut(business.businessId, mobileOf(request.body.mobileNumber));
      return { message: CONTACT_MESSAGES.optedOut };
    },
  );
};
export default joinRoutes;
