import { AUTH_MESSAGES, ErrorResponseSchema, ForgotPasswordRequestSchema, MessageResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authLimits, bodyEmail } from '../../../../plugins/app/auth/auth-limits';
import { passwordResetMail } from '../../../../plugins/app/mail/password-reset-mail';

const forgotPasswordRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // Required in production (config/env.ts); on a developer's machine the request's origin is fine.
  const { PUBLIC_URL } = fastify.config;

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
        const { token } = await fastify.credentials.issueReset(user.id);
        const origin = PUBLIC_URL ?? `${request.protocol}://${request.host}`;
        const link = `${origin.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
        // Logged so whoever runs the app locally (no SMTP) can open it; the outbox has it too.
        fastify.log.info({ to: user.username, link }, 'password reset link');
        // Not awaited: the answer must not take longer for a known account than for an unknown one.
        fastify.mail.send(passwordResetMail({ email: user.username, name: user.name }, link)).catch((err: unknown) => {
          request.log.error({ err, to: user.username }, 'password reset mail failed');
        });
      }
      return { message: AUTH_MESSAGES.forgotPasswordSent };
    },
  );
};
export default forgotPasswordRoutes;
