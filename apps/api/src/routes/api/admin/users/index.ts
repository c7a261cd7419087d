import {
  AdminNoteRequestSchema,
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserParamsSchema,
  ErrorResponseSchema,
  MessageResponseSchema,
  MODERATION_MESSAGES,
  SuspendUserRequestSchema,
  WalletAdjustmentRequestSchema,
  WalletAdjustmentResultSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { sendPasswordLink } from '#src/plugins/app/auth/password-link';
import { CACHES } from '#src/plugins/app/cache/invalidation-service';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };
const byIdErrors = { ...errors, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** Every account, its suspension, a password-reset link and wallet adjustments (docs/product.md §2, Admin routes). */
const adminUsersRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const service = fastify.accountModerationService;

  fastify.get(
    '/',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Every account (search by email, name, phone or business), newest first in keyset pages',
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserPageSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  fastify.post(
    '/:id/suspend',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Suspend an account: signs it out everywhere, hides its posts and page, refuses sign-in with the reason',
        params: AdminUserParamsSchema,
        body: SuspendUserRequestSchema,
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await service.suspend(currentUser(request), request.params.id, request.body.reason);
      await fastify.invalidationService.publish(CACHES.firstScreens);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/:id/reinstate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reinstate a suspended account and show the posts its suspension hid',
        params: AdminUserParamsSchema,
        body: AdminNoteRequestSchema.nullish(),
        response: { 204: z.null(), ...byIdErrors },
      },
    },
    async (request, reply) => {
      await service.reinstate(currentUser(request), request.params.id, request.body?.note);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/:id/password-reset-link',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Email the account a password-reset link (to a verified address only, like 'Forgot password')",
        params: AdminUserParamsSchema,
        response: { 200: MessageResponseSchema, ...byIdErrors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      const user = await fastify.usersRepository.byId(request.params.id);
      if (!user) throw AppError.notFound(MODERATION_MESSAGES.userNotFound);
      // A link to an unproven address could hand the account to whoever registered it.
      if (!user.emailVerifiedAt) throw new AppError('CONFLICT', MODERATION_MESSAGES.resetLinkUnverified);
      await fastify.auditRepository.record(fastify.db, {
        admin,
        action: 'user.password-reset-link',
        targetType: 'user',
        targetId: user.id,
        after: { email: user.username },
      });
      await sendPasswordLink(fastify, request, user, 'reset');
      return { message: MODERATION_MESSAGES.resetLinkSent };
    },
  );

  fastify.post(
    '/:id/wallet-adjustments',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Add money to or deduct it from a business's wallet with a reason it sees; the client's idempotencyKey moves the money once",
        params: AdminUserParamsSchema,
        body: WalletAdjustmentRequestSchema,
        response: { 200: WalletAdjustmentResultSchema, 402: ErrorResponseSchema, ...byIdErrors },
      },
    },
    async (request) => fastify.walletAdjustmentService.adjust(currentUser(request), request.params.id, request.body),
  );
};
export default adminUsersRoutes;
