import { COUNTER_MESSAGES, ClaimSchema, CreateClaimRequestSchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';
import { rateBudget } from '#src/lib/rate-budget';
import { readVisitorId } from '#src/plugins/app/visitor/visitor-id';

const WINDOW_MS = 10 * 60_000;
/** Claims a visitor may make in WINDOW_MS: a family's few offers, not a script's hundreds. */
const CLAIMS_PER_VISITOR = 6;
/** Many phones share one address (carrier NAT): the IP's budget is only a backstop. */
const CLAIMS_PER_IP = 120;

/** A visitor claims an offer (docs/product.md §3, Claims): POST /api/claims → a short code for the counter. */
const claims: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      preHandler: rateBudget(
        fastify,
        [
          { max: CLAIMS_PER_IP, windowMs: WINDOW_MS, key: (req) => `claims:ip:${req.ip}` },
          { max: CLAIMS_PER_VISITOR, windowMs: WINDOW_MS, key: (req) => `claims:visitor:${readVisitorId(req) ?? req.ip}` },
        ],
        () => COUNTER_MESSAGES.tooManyClaims,
      ),
      schema: {
        tags: ['claims'],
        summary: 'Claim an offer with a price: a short code to show at the counter, and its UPI pay link when the shop has one',
        description:
          'Needs the visitor id (X-Visitor-Id). 404 for a missing or hidden post, 409 for a post without a price, 410 once the offer ended.',
        body: CreateClaimRequestSchema,
        response: {
          201: ClaimSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          410: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const visitorId = readVisitorId(request);
      if (!visitorId) throw AppError.badRequest(COUNTER_MESSAGES.visitorNeeded);
      return reply.code(201).send(await fastify.claimsRepository.create(request.body.postId, visitorId));
    },
  );
};
export default claims;
