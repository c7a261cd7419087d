import { ACCESS_TOKEN_TTL_S } from '@aaspaas/domain';
import fp from 'fastify-plugin';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Env } from '#src/config/env';
import { resolveJwtSecret } from './jwt-secret';

export type AccessClaims = { userId: string; issuedAtMs: number };

const ISSUER = 'aaspaas';
const ALGORITHM = 'HS256';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Clock difference tolerated between the issue time and now (several API processes, one token). */
const CLOCK_SKEW_S = 60;

/**
 * Short-lived bearer access tokens (15 minutes, docs/product.md §4 refresh period). `iat_ms` carries the
 * issue time in milliseconds, so a password change can refuse every token issued before it.
 */
export function createAccessTokenService(deps: { config: Env }) {
  const key = new TextEncoder().encode(resolveJwtSecret(deps.config));
  return {
    async sign(userId: string): Promise<{ token: string; expiresIn: number }> {
      const now = Date.now();
      const token = await new SignJWT({ iat_ms: now })
        .setProtectedHeader({ alg: ALGORITHM })
        .setIssuer(ISSUER)
        .setSubject(userId)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ACCESS_TOKEN_TTL_S)
        .sign(key);
      return { token, expiresIn: ACCESS_TOKEN_TTL_S };
    },
    /** The claims of a valid, unexpired token; null for anything else. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        // jose checks exp only when the token has one: a token without it would never expire.
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub', 'iat'],
          maxTokenAge: ACCESS_TOKEN_TTL_S + CLOCK_SKEW_S,
          clockTolerance: CLOCK_SKEW_S,
        });
        // The subject is looked up as a uuid column: anything else names no user.
        if (typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.iat_ms !== 'number') return null;
        // "Sign out everywhere" refuses tokens issued before it (iat_ms): one issued in the future, or
        // living longer than this server ever signs, would outlive it.
        const { iat = 0, exp = 0, iat_ms: issuedAtMs } = payload;
        if (issuedAtMs > Date.now() + CLOCK_SKEW_S * 1000 || Math.abs(issuedAtMs / 1000 - iat) > 1) return null;
        if (exp - iat > ACCESS_TOKEN_TTL_S) return null;
        return { userId: payload.sub, issuedAtMs };
      } catch (error) {
        if (error instanceof errors.JOSEError) return null;
        throw error;
      }
    },
  };
}

export type AccessTokenService = ReturnType<typeof createAccessTokenService>;

declare module 'fastify' {
  interface FastifyInstance {
    accessTokenService: AccessTokenService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('accessTokenService', createAccessTokenService({ config: fastify.config }));
  },
  { name: 'access-token-service', dependencies: ['env'] },
);
