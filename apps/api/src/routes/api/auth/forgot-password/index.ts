import { AUTH_MESSAGES, ErrorResponseSchema, ForgotPasswordRequestSchema, MessageResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authLimits, bodyEmail } from '../../../../plugins/app/auth/auth-limits';
import { sendPasswordLink } from '../../../../plugins/app/auth/password-link';

const forgotPasswordRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      preHandler: authLimits(fastify, 'forgot-password', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Email a single-use password-reset link',
        description: 'Answers the same for every email, known or not; only a known, active account gets a mail.',
        body: ForgotPasswordRequestSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const user = await fastify.users.byEmail(request.body.email);
      if (user && user.status === 'active') {
        // Not awaited: the answer must not take longer for a known account than for an unknown one.
        sendPasswordLink(fastify, request, user, 'reset').catch((err: unknown) => {
          request.log.error({ err, to: user.username }, 'password reset mail failed');
        });
      }
      return { message: AUTH_MESSAGES.forgotPasswordSent };
    },
  );
};
export default forgotPasswordRoutes;
