import { AUTH_MESSAGES, ErrorResponseSchema, ForgotPasswordRequestSchema, MessageResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authLimits, bodyEmail } from '#src/plugins/app/auth/auth-limits';
import { sendPasswordLink } from '#src/plugins/app/auth/password-link';

const forgotPasswordRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      preHandler: authLimits(fastify, 'forgot-password', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password-reset link',
        description:
          'Answers the same for every email, known or not. A known, active account with a verified address gets a reset link; an unverified one gets a verification link instead.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = await fastify.usersRepository.byEmail(request.body.email);
      if (user && user.status === 'active') {
        // Not awaited: the answer must not take longer for a known account than for an unknown one.
        // A reset link hands the account to whoever reads the mailbox, so it goes only to an address
        // the owner has proven. An unconfirmed one gets a verification link instead (same ration as
        // "Resend"), after which the owner asks for the reset again; admin addresses get neither
        // (their path is the admin set-up link).
        const sending = user.emailVerifiedAt
          ? sendPasswordLink(fastify, request, user, 'reset')
          : fastify.emailVerificationService.send(user, 'reset-requested');
        sending.catch((err: unknown) => {
          request.log.error({ err }, 'password reset mail failed');
        });
      }
      return { message: AUTH_MESSAGES.forgotPasswordSent };
    },
  );
};
export default forgotPasswordRoutes;
