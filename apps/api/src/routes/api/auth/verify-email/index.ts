import {
  AUTH_MESSAGES,
  ErrorResponseSchema,
  MessageResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { authLimits } from '#src/plugins/app/auth/auth-limits';

const verifyEmailRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      // 256-bit tokens cannot be guessed; the IP budget only keeps floods of junk tokens in bounds.
      preHandler: authLimits(fastify, 'verify-email', () => undefined),
      schema: {
        tags: ['auth'],
        summary: 'Confirm the account email with the emailed single-use link',
        description:
          '200 verified (with the address) or already-used (the address is verified either way; named only when just verified); 410 expired; 400 unknown.',
        body: VerifyEmailRequestSchema,
        response: {
          200: VerifyEmailResponseSchema,
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          410: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const outcome = await fastify.emailVerificationService.verify(request.body.token);
      switch (outcome.kind) {
        case 'verified':
          return { status: outcome.kind, email: outcome.email };
        case 'already-used':
          return { status: outcome.kind };
        case 'expired':
          throw new AppError('GONE', AUTH_MESSAGES.verificationLinkExpired);
        case 'admin-address':
          throw new AppError('FORBIDDEN', AUTH_MESSAGES.verificationForAdmin);
        default:
          throw AppError.badRequest(AUTH_MESSAGES.verificationLinkInvalid);
      }
    },
  );

  fastify.post(
    '/resend',
    {
      config: { access: 'business' },
      schema: {
        tags: ['auth'],
        summary: 'Email the signed-in owner a new verification link (at most one per 2 minutes, five a day)',
        response: { 200: MessageResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const outcome = await fastify.emailVerificationService.send(currentUser(request), 'resend');
      switch (outcome) {
        case 'sent':
          return { message: AUTH_MESSAGES.verificationSent };
        case 'already-verified':
          return { message: AUTH_MESSAGES.alreadyVerified };
        case 'admin-address':
          throw new AppError('FORBIDDEN', AUTH_MESSAGES.verificationForAdmin);
        default:
          throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.verificationRationed);
      }
    },
  );
};
export default verifyEmailRoutes;
