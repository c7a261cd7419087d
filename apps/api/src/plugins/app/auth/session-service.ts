import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, type AuthResponse, REFRESH_COOKIE, REFRESH_TOKEN_TTL_DAYS } from '@aaspaas/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Executor } from '../../../db/client';
import { refreshTokens, type UserRow, users } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { hashToken, newOpaqueToken } from './opaque-token';
import { revokeAllSessions } from './session-revocation';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: {
      /** Signs a user in on this device: a new refresh family (cookie) and an access token. */
      start(reply: FastifyReply, user: UserRow, request: FastifyRequest): Promise<AuthResponse>;
      /** Exchanges the refresh cookie for a new one and a new access token; 401 otherwise. */
      rotate(request: FastifyRequest, reply: FastifyReply): Promise<AuthResponse>;
      /** Logout: revokes this device's family and clears the cookie. */
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /**
       * Password change/reset and "sign out everywhere": every refresh family dies and every access
       * token issued before now is refused. With `keep`, this device gets a fresh session.
       */
      revokeAll(userId: string, keep: { reply: FastifyReply; request: FastifyRequest }): Promise<AuthResponse>;
      revokeAll(userId: string): Promise<void>;
      revokeAll(userId: string, keep?: { reply: FastifyReply; request: FastifyRequest }): Promise<AuthResponse | void>;
    };
  }
}

const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
const COOKIE_PATH = '/api/auth';
const USER_AGENT_MAX = 300;

export default fp(
  async (fastify) => {
    // Secure whenever the site is served over HTTPS (directly or behind a TLS proxy). Not merely
    // "in production": a plain-HTTP server would then set a cookie the browser never sends back.
    const httpsSite = fastify.config.PUBLIC_URL?.startsWith('https:') ?? false;
    const cookieOptions = (request: FastifyRequest) => ({
      httpOnly: true,
      // Lax, not Strict: the top-level redirect back from Google must still carry it.
      sameSite: 'lax' as const,
      secure: httpsSite || request.protocol === 'https',
      path: COOKIE_PATH,
    });

    const setCookie = (reply: FastifyReply, request: FastifyRequest, token: string) =>
      reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(request), maxAge: REFRESH_TTL_MS / 1000 });
    const clearCookie = (reply: FastifyReply, request: FastifyRequest) =>
      reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));

    const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;

    async function insertToken(db: Executor, userId: string, familyId: string, request: FastifyRequest) {
      const { token, hash } = newOpaqueToken();
      await db.insert(refreshTokens).values({
        userId,
        familyId,
        tokenHash: hash,
        expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
        userAgent: userAgent(request),
      });
      return token;
    }

    async function answer(user: UserRow): Promise<AuthResponse> {
      const { token, expiresIn } = await fastify.accessTokens.sign(user.id);
      return { token, expiresIn, user: await fastify.users.toAppUser(user) };
    }

    async function revokeFamily(db: Executor, familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    }

    const readCookie = (request: FastifyRequest) => {
      const value = request.cookies[REFRESH_COOKIE];
      return value && value.length <= 200 ? value : null;
    };

    async function start(reply: FastifyReply, user: UserRow, request: FastifyRequest) {
      const token = await insertToken(fastify.db, user.id, randomUUID(), request);
      setCookie(reply, request, token);
      return answer(user);
    }

    async function rotate(request: FastifyRequest, reply: FastifyReply) {
      const presented = readCookie(request);
      const refused = () => {
        clearCookie(reply, request);
        return new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);
      };
      if (!presented) throw refused();
      const tokenHash = hashToken(presented);
      const now = new Date();

      const outcome = await fastify.db.transaction(async (tx) => {
        // One conditional UPDATE decides the race: of two requests presenting the same token, exactly
        // one gets the row back; the other sees it as already replaced (reuse) below.
        const [current] = await tx
          .update(refreshTokens)
          .set({ replacedAt: now })
          .where(
            and(
              eq(refreshTokens.tokenHash, tokenHash),
              isNull(refreshTokens.replacedAt),
              isNull(refreshTokens.revokedAt),
              gt(refreshTokens.expiresAt, now),
            ),
          )
          .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
        if (!current) return { kind: 'refused' as const };
        const [user] = await tx.select().from(users).where(eq(users.id, current.userId)).limit(1);
        if (!user || user.status !== 'active') {
          await revokeFamily(tx, current.familyId);
          return { kind: 'refused' as const };
        }
        const token = await insertToken(tx, user.id, current.familyId, request);
        return { kind: 'rotated' as const, user, token };
      });

      if (outcome.kind === 'rotated') {
        setCookie(reply, request, outcome.token);
        return answer(outcome.user);
      }

      const [known] = await fastify.db
        .select({ familyId: refreshTokens.familyId, replacedAt: refreshTokens.replacedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      if (known?.replacedAt) {
        // A token that was already exchanged came back: someone holds a copy. End the whole family.
        await revokeFamily(fastify.db, known.familyId);
        request.log.warn({ familyId: known.familyId }, 'refresh token reused: session family revoked');
      }
      throw refused();
    }

    async function end(request: FastifyRequest, reply: FastifyReply) {
      const presented = readCookie(request);
      if (presented) {
        const [known] = await fastify.db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(presented)))
          .limit(1);
        if (known) await revokeFamily(fastify.db, known.familyId);
      }
      clearCookie(reply, request);
    }

    async function revokeAll(userId: string, keep?: { reply: FastifyReply; request: FastifyRequest }) {
      const user = await fastify.db.transaction((tx) => revokeAllSessions(tx, userId, new Date()));
      if (!keep) return;
      if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);
      return start(keep.reply, user, keep.request);
    }

    fastify.decorate('sessions', { start, rotate, end, revokeAll } as FastifyInstance['sessions']);
  },
  { name: 'sessions', dependencies: ['db', 'env', 'cookie', 'access-tokens', 'users-repository'] },
);
