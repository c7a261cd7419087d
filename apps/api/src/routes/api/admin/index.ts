import {
  accountSuspendedMessage,
  ADMIN_SETUP_MAIL_INTERVAL_MIN,
  AdminRecordSchema,
  AdminStatsSchema,
  AUTH_MESSAGES,
  AuthResponseSchema,
  CreateAdminRequestSchema,
  ENGAGEMENT_SPIKE_FACTOR,
  ENGAGEMENT_SPIKE_MIN_PER_HOUR,
  EngagementSpikeListSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  MessageResponseSchema,
  NEW_USER_BALANCE_PAISE,
  WELCOME_SMS_WINDOW_MIN,
  WelcomeSmsSpenderListSchema,
} from '@aaspaas/domain';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { type UserRow, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { authLimits, bodyEmail } from '#src/plugins/app/auth/auth-limits';
import { trustedOrigin } from '#src/plugins/app/auth/trusted-origin';
import { sendPasswordLink } from '#src/plugins/app/auth/password-link';

const ADMIN_BUSINESS_NAME = 'Aaspaas Admin';
const ADMIN_DEFAULT_NAME = 'Admin';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

const adminRoutes: FastifyPluginAsyncZod = async (fastify) => {
  // When the admin last lifted their sign-in lock-out: the account budgets count from then on, so
  // attempts anyone made before (from many addresses, to keep the admin out) no longer block.
  const openedAt = new WeakMap<FastifyRequest, number>();
  const readOpening: preHandlerAsyncHookHandler = async (request) => {
    const email = bodyEmail(request);
    if (!email || !fastify.usersRepository.isAdminEmail(email)) return;
    openedAt.set(request, (await fastify.usersRepository.byEmail(email))?.adminSignInOpenedAt?.getTime() ?? 0);
  };
  const adminAccount = (request: FastifyRequest) => {
    const email = bodyEmail(request);
    return email && `${email}#${openedAt.get(request) ?? 0}`;
  };

  fastify.post(
    '/login',
    {
      config: { access: 'public' },
      preHandler: [trustedOrigin(fastify), readOpening, authLimits(fastify, 'admin-login', adminAccount, { perAddress: true })],
      schema: {
        tags: ['admin'],
        summary: 'Admin sign-in with email and password (only the emails in ADMIN_EMAILS)',
        description:
          'Any other email gets the same 401 as a wrong password. A lock-out (429) can be lifted by the admin (sign-in-lock/lift, or a set-password link).',
        body: LoginRequestSchema,
        response: { 200: AuthResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Any other email gets what a wrong password of the admin's gets, after the same argon2 verify:
      // neither the answer nor its time tells which address is the admin's.
      const listed = fastify.usersRepository.isAdminEmail(username);
      const user = listed ? await fastify.usersRepository.byEmail(username) : undefined;
      const valid = await fastify.passwordService.verify(user?.passwordHash ?? null, password);
      if (!user || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
      if (user.status !== 'active') throw new AppError('FORBIDDEN', accountSuspendedMessage(user.suspensionReason));
      // The password may be a squatter's, set before the address was listed: only a proven address is the admin.
      if (!fastify.usersRepository.isAdmin(user)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminNotVerified);
      await fastify.adminRepository.recordLogin(user);
      return fastify.sessionService.start(reply, user, request);
    },
  );

  /**
   * Finds or makes the admin account of a listed address (no password, named "Admin") and mails it a
   * link to set the password, at most once per ADMIN_SETUP_MAIL_INTERVAL_MIN whoever asks. Spending
   * the link proves the address (which is what makes the account act as admin) and ends every other
   * session, so an account someone registered with the address before it was listed is taken back.
   */
  async function setUpAdmin(email: string, request: FastifyRequest) {
    let admin: UserRow | null | undefined = await fastify.usersRepository.byEmail(email);
    if (!admin) {
      [admin] = await fastify.db
        .insert(users)
        .values({
          username: email,
          name: ADMIN_DEFAULT_NAME,
          businessName: ADMIN_BUSINESS_NAME,
          balancePaise: NEW_USER_BALANCE_PAISE,
        })
        .onConflictDoNothing({ target: users.username })
        .returning();
      admin ??= await fastify.usersRepository.byEmail(email);
    }
    if (!admin || admin.status !== 'active') return;
    await sendPasswordLink(fastify, request, admin, 'admin-setup', { notWithinMs: ADMIN_SETUP_MAIL_INTERVAL_MIN * 60_000 });
  }

  fastify.post(
    '/create-user',
    {
      config: { access: 'public' },
      preHandler: authLimits(fastify, 'admin-create', bodyEmail),
      schema: {
        tags: ['admin'],
        summary: 'Email the admin address (ADMIN_EMAILS) a link to set the admin password',
        description: `The same answer for every email. A listed address gets at most one mail per ${ADMIN_SETUP_MAIL_INTERVAL_MIN} minutes.`,
        body: CreateAdminRequestSchema,
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      if (fastify.usersRepository.isAdminEmail(email)) {
        // Not awaited: how long the answer takes must not tell a listed address from another.
        setUpAdmin(email, request).catch((err: unknown) => {
          request.log.error({ err }, 'admin setup mail failed');
        });
      }
      return { message: AUTH_MESSAGES.adminSetupSent };
    },
  );

  fastify.post(
    '/sign-in-lock/lift',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Lift the lock-out of the signed-in admin's own password sign-in",
        description:
          'Attempts counted against the admin address before now (every address, including a cross-address lock-out) stop counting. Spending an emailed set-password link does the same.',
        response: { 200: MessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const admin = currentUser(request);
      await fastify.db.transaction(async (tx) => {
        const [opened] = await tx
          .update(users)
          .set({ adminSignInOpenedAt: new Date() })
          .where(eq(users.id, admin.id))
          .returning({ at: users.adminSignInOpenedAt });
        await fastify.auditRepository.record(tx, {
          admin,
          action: 'user.sign-in-lock-lift',
          targetType: 'user',
          targetId: admin.id,
          before: { adminSignInOpenedAt: admin.adminSignInOpenedAt?.toISOString() ?? null },
          after: { adminSignInOpenedAt: opened?.at?.toISOString() ?? null },
        });
      });
      return { message: AUTH_MESSAGES.adminLockoutLifted };
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

  fastify.get(
    '/engagement-spikes',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Posts whose likes, views or shares rise abnormally fast',
        description: `Last hour ≥ ${ENGAGEMENT_SPIKE_MIN_PER_HOUR} and ≥ ${ENGAGEMENT_SPIKE_FACTOR}× the post's hourly average over the 24 hours before; fastest first, at most 50. For review: nobody is blocked.`,
        response: { 200: EngagementSpikeListSchema, ...errors },
      },
    },
    async () => fastify.adminRepository.engagementSpikes(),
  );

  fastify.get(
    '/welcome-sms-spenders',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'New accounts that paid for SMS within the hour of signing up, before adding money',
        description: `Accounts of the last 30 days whose first SMS charge came within ${WELCOME_SMS_WINDOW_MIN} minutes of sign-up with no top-up before it; latest first, at most 50. For review: nobody is blocked.`,
        response: { 200: WelcomeSmsSpenderListSchema, ...errors },
      },
    },
    async () => fastify.adminRepository.welcomeSmsSpenders(),
  );
};
export default adminRoutes;
