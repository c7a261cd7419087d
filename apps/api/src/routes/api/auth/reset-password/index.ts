import { AUTH_MESSAGES, ErrorResponseSchema, MessageResponseSchema, ResetPasswordRequestSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';
import { authLimits } from '#src/plugins/app/auth/auth-limits';

const resetPasswordRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'public' },
      // Each attempt costs an argon2 hash once the token checks out: keep floods per IP in bounds.
      preHandler: authLimits(fastify, 'reset-password', () => undefined),
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the emailed link (signs out every device)',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, 400: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const invalid = () => AppError.badRequest(AUTH_MESSAGES.resetLinkInvalid);
      // Junk tokens are refused before paying for a hash; the transaction below re-checks atomically.
      if (!(await fastify.credentialsRepository.resetTokenOpen(token))) throw invalid();
      const passwordHash = await fastify.passwordService.hash(password);
      const user = await fastify.credentialsRepository.resetPassword(token, passwordHash);
      if (!user) throw invalid();
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
};
export default resetPasswordRoutes;
