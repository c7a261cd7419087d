import {
  AdminRecordSchema,
  AdminStatsSchema,
  AUTH_MESSAGES,
  AuthResponseSchema,
  CreateAdminRequestSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  NEW_USER_BALANCE_PAISE,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type UserRow, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { currentUser } from '../../../plugins/app/auth/access-guard-plugin';
import { authLimits, bodyEmail } from '../../../plugins/app/auth/auth-limits';
import { sendPasswordLink } from '../../../plugins/app/auth/password-link';

const ADMIN_BUSINESS_NAME = 'Aaspaas Admin';
const ADMIN_DEFAULT_NAME = 'Admin';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

const adminRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const notAdmin = () => new AppError('FORBIDDEN', AUTH_MESSAGES.notAdminEmail);

  fastify.post(
    '/login',
    {
      config: { access: 'public' },
      preHandler: authLimits(fastify, 'admin-login', bodyEmail, { perAddress: true }),
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-in with email and password (only the emails in ADMIN_EMAILS)',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Decided from configuration alone, before any lookup: the answer is the same whether or not an account exists.
      if (!fastify.users.isAdminEmail(username)) throw notAdmin();
      const user = await fastify.users.byEmail(username);
      const valid = await fastify.passwords.verify(user?.passwordHash ?? null, password);
      if (!user || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
      if (user.status !== 'active') throw new AppError('FORBIDDEN', AUTH_MESSAGES.accountSuspended);
      await fastify.adminRepository.recordLogin(user);
      return fastify.sessions.start(reply, user, request);
    },
  );

  fastify.post(
    '/create-user',
    {
      config: { access: 'public' },
      preHandler: authLimits(fastify, 'admin-create', bodyEmail),
      schema: {
        tags: ['admin'],
        summary: 'Create the admin account (only an email in ADMIN_EMAILS) and email it a link to set the password',
        body: CreateAdminRequestSchema,
        response: { 200: MessageResponseSchema, 201: MessageResponseSchema, 503: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, name } = request.body;
      if (!fastify.users.isAdminEmail(email)) throw notAdmin();
      // The password is set only through a link mailed to the admin address, so knowing the email
      // is not enough to take the admin account (no email here is ever trusted unverified).
      const existing = await fastify.users.byEmail(email);
      if (existing?.passwordHash) throw new AppError('CONFLICT', AUTH_MESSAGES.adminExists);
      let admin: UserRow | null | undefined = existing;
      if (!admin) {
        [admin] = await fastify.db
          .insert(users)
          .values({
            username: email,
            name: name ?? ADMIN_DEFAULT_NAME,
            businessName: ADMIN_BUSINESS_NAME,
            balancePaise: NEW_USER_BALANCE_PAISE,
          })
          .onConflictDoNothing({ target: users.username })
          .returning();
        admin ??= await fastify.users.byEmail(email);
      }
      if (!admin) throw new AppError('CONFLICT', AUTH_MESSAGES.adminExists);
      try {
        await sendPasswordLink(fastify, request, admin, 'admin-setup');
      } catch (err) {
        request.log.error({ err }, 'admin setup mail failed');
        throw new AppError('SERVICE_UNAVAILABLE', AUTH_MESSAGES.mailFailed);
      }
      return reply.code(existing ? 200 : 201).send({ message: AUTH_MESSAGES.adminSetupSent });
    },
  );

  fastify.get(
    '/me',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'The signed-in admin’s record', response: { 200: AdminRecordSchema, ...errors } },
    },
    async (request) => {
      const user = currentUser(request);
      // A token from before the first admin login (or a Google sign-in as a business) still names an admin.
      return (await fastify.adminRepository.record(user.id)) ?? fastify.adminRepository.recordLogin(user);
    },
  );

  fastify.get(
    '/stats',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], summary: 'Counts for the admin dashboard', response: { 200: AdminStatsSchema, ...errors } },
    },
    async () => fastify.adminRepository.stats(),
  );
};
export default adminRoutes;
