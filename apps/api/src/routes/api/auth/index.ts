import {
  accountSuspendedMessage,
  AUTH_MESSAGES,
  AuthResponseSchema,
  ErrorResponseSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
} from '@aaspaas/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#src/lib/app-error';
import { rateBudget, waitMinutesMessage } from '#src/lib/rate-budget';
import { requestLanguage } from '#src/lib/request-language';
import { currentUser } from '#src/plugins/app/auth/access-guard-plugin';
import { authLimits, bodyEmail } from '#src/plugins/app/auth/auth-limits';
import { trustedOrigin } from '#src/plugins/app/auth/trusted-origin';

/** Refresh guesses nothing (256-bit tokens) and runs every 15 minutes per tab: a roomier IP budget. */
const REFRESH_IP_BUDGET_FACTOR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** Email/password sign-in and the session endpoints (Google sign-in lives in ./google). */
const authRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const noAccount = () => undefined;
  // Every route here sets, rotates or ends the refresh cookie: only the app's own pages may ask.
  const sameSite = trustedOrigin(fastify);
  const newAccounts = rateBudget(
    fastify,
    [{ max: fastify.config.RATE_LIMIT_REGISTER_PER_IP_PER_HOUR, windowMs: HOUR_MS, key: (req) => `register:hour:ip:${req.ip}` }],
    waitMinutesMessage,
  );

  fastify.post(
    '/register',
    {
      config: { access: 'public' },
      preHandler: [sameSite, authLimits(fastify, 'register', bodyEmail), newAccounts],
      schema: {
        tags: ['auth'],
        summary: 'Create a business owner account and sign in',
        description:
          'Sets the httpOnly refresh cookie; answers the access token and the user. Emails a link to verify the address.',
        body: RegisterRequestSchema,
        response: {
          201: AuthResponseSchema,
          400: ErrorResponseSchema,
          403: ErrorResponseSchema,
          409: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { username, password, name, businessName, mobileNumber } = request.body;
      if (fastify.usersRepository.isAdminEmail(username)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminEmailReserved);
      // Cheap early answer; the unique index still decides a race (create answers null).
      if (await fastify.usersRepository.byEmail(username))
        throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'username' });
      const passwordHash = await fastify.passwordService.hash(password);
      const user = await fastify.accountsRepository.create({
        email: username,
        passwordHash,
        name,
        businessName,
        mobileNumber,
        language: requestLanguage(request),
      });
      if (!user) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'username' });
      // The account works at once; the link only proves the address. A mail failure must not fail
      // the registration: the app's banner offers "Resend".
      fastify.emailVerificationService.send(user, 'welcome').catch((err: unknown) => {
        request.log.error({ err }, 'verification mail failed');
      });
      reply.code(201);
      return fastify.sessionService.start(reply, user, request);
    },
  );

  fastify.post(
    '/login',
    {
      config: { access: 'public' },
      preHandler: [sameSite, authLimits(fastify, 'login', bodyEmail, { perAddress: true })],
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: {
          200: AuthResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          403: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await fastify.usersRepository.byEmail(username);
      // Unknown email, Google-only account and wrong password all cost one argon2 verify and get one text.
      const valid = await fastify.passwordService.verify(user?.passwordHash ?? null, password);
      if (!user || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
      if (user.status !== 'active') throw new AppError('FORBIDDEN', accountSuspendedMessage(user.suspensionReason));
      return fastify.sessionService.start(reply, user, request);
    },
  );

  fastify.post(
    '/refresh',
    {
      config: { access: 'public' },
      preHandler: [
        sameSite,
        authLimits(fastify, 'refresh', noAccount, { perIp: fastify.config.RATE_LIMIT_AUTH_PER_IP * REFRESH_IP_BUDGET_FACTOR }),
      ],
      schema: {
        tags: ['auth'],
        summary: 'A new access token for the refresh cookie (rotates the cookie)',
        description:
          'Presenting an already-rotated cookie revokes its whole session family. A suspended account gets 403 with the reason; so does a browser page of another site (Origin).',
        response: { 200: AuthResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => fastify.sessionService.rotate(request, reply),
  );

  fastify.post(
    '/logout',
    {
      config: { access: 'public' },
      preHandler: sameSite,
      schema: {
        tags: ['auth'],
        summary: "Sign out this device (revokes the cookie's session)",
        response: { 204: z.null(), 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await fastify.sessionService.end(request, reply);
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/logout-all',
    {
      config: { access: 'business' },
      preHandler: sameSite,
      schema: {
        tags: ['auth'],
        summary: 'Sign out everywhere (every session and access token of the user)',
        response: { 204: z.null(), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      await fastify.sessionService.revokeAll(currentUser(request).id);
      await fastify.sessionService.end(request, reply);
      return reply.code(204).send(null);
    },
  );
};
export default authRoutes;
