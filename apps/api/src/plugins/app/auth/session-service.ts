import { createHmac, randomUUID } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type AuthResponse,
  accountSuspendedMessage,
  REFRESH_COOKIE,
  REFRESH_TOKEN_HEADER,
  REFRESH_TOKEN_TTL_DAYS,
} from '@aaspaas/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Env } from '#src/config/env';
import type { Db, Executor } from '#src/db/client';
import { refreshTokens, type UserRow, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { UsersRepository } from '../users/users-repository';
import type { AccessTokenService } from './access-token-service';
import { resolveJwtSecret } from './jwt-secret';
import { hashToken, newOpaqueToken } from './opaque-token';
import { revokeAllSessions } from './session-revocation';

const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
const COOKIE_PATH = '/api/auth';
const USER_AGENT_MAX = 300;
/**
 * How long a just-replaced refresh token still answers with its successor instead of counting as
 * theft. Two tabs (or a retry after a dropped answer) refreshing with one cookie at the same moment
 * reach the server a moment apart; 10 seconds covers a slow mobile round trip while leaving a copied
 * token almost no window (established auth servers use a grace of this kind: Okta, Auth0 "leeway").
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** The sessions of a device: the refresh cookie's token families and the access tokens they yield. */
export type SessionService = {
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

/** Sessions: refresh token families in an httpOnly cookie, rotated with reuse detection. */
export function createSessionService(deps: {
  db: Db;
  config: Env;
  accessTokenService: AccessTokenService;
  usersRepository: UsersRepository;
}): SessionService {
  const { db, config, accessTokenService, usersRepository } = deps;
  // Secure whenever the site is served over HTTPS (directly or behind a TLS proxy). Not merely
  // "in production": a plain-HTTP server would then set a cookie the browser never sends back.
  const httpsSite = config.PUBLIC_URL?.startsWith('https:') ?? false;
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    // Lax, not Strict: the top-level redirect back from Google must still carry it.
    sameSite: 'lax' as const,
    secure: httpsSite || request.protocol === 'https',
    path: COOKIE_PATH,
  });

  // The Android app (ADR 020): its WebView's origin is one of APP_ORIGINS, which a page on the web
  // cannot claim (browsers set Origin). It keeps the refresh token in the phone's storage, since
  // WebViews lose cookies; it gets the token in the answer and presents it in a header.
  const appOrigins = new Set(config.APP_ORIGINS);
  const fromApp = (request: FastifyRequest) => appOrigins.has(request.headers.origin ?? '');

  /** Hands the device its refresh token: a cookie on the web, a field of the answer for the app. */
  const handOver = (reply: FastifyReply, request: FastifyRequest, token: string): { refreshToken?: string } => {
    if (fromApp(request)) return { refreshToken: token };
    reply.setCookie(REFRESH_COOKIE, token, { ...cookieOptions(request), maxAge: REFRESH_TTL_MS / 1000 });
    return {};
  };
  const clearCookie = (reply: FastifyReply, request: FastifyRequest) => {
    if (!fromApp(request)) reply.clearCookie(REFRESH_COOKIE, cookieOptions(request));
  };

  const userAgent = (request: FastifyRequest) => request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;

  // A rotated token's successor is derived from it with a server key (not drawn at random), so a
  // request that lost the rotation race can answer with the very same successor cookie the winner
  // set: both tabs end up holding one live token of one family. Only hashes are stored, as before.
  const successorKey = createHmac('sha256', resolveJwtSecret(config)).update('aaspaas:refresh-successor:v1').digest();
  const successorOf = (presented: string) => createHmac('sha256', successorKey).update(presented).digest('base64url');

  async function insertToken(
    executor: Executor,
    userId: string,
    familyId: string,
    request: FastifyRequest,
    predecessor?: string,
  ) {
    const token = predecessor === undefined ? newOpaqueToken().token : successorOf(predecessor);
    const hash = hashToken(token);
    await executor.insert(refreshTokens).values({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
      userAgent: userAgent(request),
    });
    return token;
  }

  async function answer(user: UserRow, handedOver: { refreshToken?: string } = {}): Promise<AuthResponse> {
    const { token, expiresIn } = await accessTokenService.sign(user.id);
    return { token, expiresIn, user: await usersRepository.toAppUser(user), ...handedOver };
  }

  async function revokeFamily(executor: Executor, familyId: string) {
    await executor
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  const readCookie = (request: FastifyRequest) => {
    const header = request.headers[REFRESH_TOKEN_HEADER];
    const value = fromApp(request) ? (typeof header === 'string' ? header : undefined) : request.cookies[REFRESH_COOKIE];
    return value && value.length <= 200 ? value : null;
  };

  async function start(reply: FastifyReply, user: UserRow, request: FastifyRequest) {
    const token = await insertToken(db, user.id, randomUUID(), request);
    // Shown to the admin beside the account (docs/product.md §2, Admin routes).
    await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, user.id));
    return answer(user, handOver(reply, request, token));
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

    const outcome = await db.transaction(async (tx) => {
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
      const token = await insertToken(tx, user.id, current.familyId, request, presented);
      return { kind: 'rotated' as const, user, token };
    });

    if (outcome.kind === 'rotated') {
      return answer(outcome.user, handOver(reply, request, outcome.token));
    }

    const [known] = await db
      .select({
        familyId: refreshTokens.familyId,
        replacedAt: refreshTokens.replacedAt,
        revokedAt: refreshTokens.revokedAt,
        status: users.status,
        suspensionReason: users.suspensionReason,
      })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (known && known.status !== 'active') {
      // The admin suspended the account: say why instead of "log in again", and end this device's
      // session whatever set the status, so reinstating never revives a cookie from before.
      await revokeFamily(db, known.familyId);
      clearCookie(reply, request);
      throw new AppError('FORBIDDEN', accountSuspendedMessage(known.suspensionReason));
    }
    if (known?.replacedAt && !known.revokedAt && now.getTime() - known.replacedAt.getTime() <= REFRESH_REUSE_GRACE_MS) {
      const successor = await liveSuccessor(presented, now);
      if (successor) {
        return answer(successor.user, handOver(reply, request, successor.token));
      }
    }
    if (known?.replacedAt) {
      // A token that was already exchanged came back: someone holds a copy. End the whole family.
      await revokeFamily(db, known.familyId);
      request.log.warn({ familyId: known.familyId }, 'refresh token reused: session family revoked');
    }
    throw refused();
  }

  /**
   * The successor of a just-replaced token while it is still the family's live token (not itself
   * rotated, revoked or expired) and its user is active; null otherwise, which makes the reuse theft.
   */
  async function liveSuccessor(presented: string, now: Date) {
    const token = successorOf(presented);
    const [row] = await db
      .select({ user: users })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.tokenHash, hashToken(token)),
          isNull(refreshTokens.replacedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .limit(1);
    if (!row || row.user.status !== 'active') return null;
    return { token, user: row.user };
  }

  async function end(request: FastifyRequest, reply: FastifyReply) {
    const presented = readCookie(request);
    if (presented) {
      const [known] = await db
        .select({ familyId: refreshTokens.familyId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(presented)))
        .limit(1);
      if (known) await revokeFamily(db, known.familyId);
    }
    clearCookie(reply, request);
  }

  async function revokeAll(userId: string, keep?: { reply: FastifyReply; request: FastifyRequest }) {
    const user = await db.transaction((tx) => revokeAllSessions(tx, userId, new Date()));
    if (!keep) return;
    if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);
    return start(keep.reply, user, keep.request);
  }

  return { start, rotate, end, revokeAll } as SessionService;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionService: SessionService;
  }
}

export default fp(
  async (fastify) => {
    const { db, config, accessTokenService, usersRepository } = fastify;
    fastify.decorate('sessionService', createSessionService({ db, config, accessTokenService, usersRepository }));
  },
  { name: 'session-service', dependencies: ['db', 'env', 'cookie', 'access-token-service', 'users-repository'] },
);
