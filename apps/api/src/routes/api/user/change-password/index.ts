import { AUTH_MESSAGES, AuthResponseSchema, ChangePasswordRequestSchema, ErrorResponseSchema } from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { authLimits } from '#src/plugins/app/auth/auth-limits';

const changePasswordRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/',
    {
      config: { access: 'business' },
      // A stolen access token must not become a way to guess the current password.
      preHandler: authLimits(fastify, 'change-password', (request) => request.user?.username),
      schema: {
        tags: ['auth'],
        summary: 'Change the password; every other session is signed out',
        description:
          'Answers a fresh session for this device (new access token and refresh cookie). An account made by Google sign-in without a password may set one without currentPassword.',
        body: ChangePasswordRequestSchema,
        response: { 200: AuthResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { currentPassword, newPassword } = request.body;
      if (user.passwordHash !== null) {
        const valid = await fastify.passwordService.verify(user.passwordHash, currentPassword ?? '');
        if (!valid) throw AppError.badRequest(AUTH_MESSAGES.currentPasswordWrong);
      }
      const changed = await fastify.credentialsRepository.changePassword(
        user.id,
        await fastify.passwordService.hash(newPassword),
      );
      if (!changed) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);
      return fastify.sessionService.start(reply, changed, request);
    },
  );
};
export default changePasswordRoutes;
