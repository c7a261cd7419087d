import { AUTH_MESSAGES } from '@aaspaas/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user on 'business' and 'admin' routes (set by the access guard). */
    user: UserRow | null;
  }
}

/** The bearer token of a request's Authorization header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** The signed-in user of a request, or null (no token, bad or expired token, revoked session, deleted user). */
export async function authenticate(request: FastifyRequest): Promise<UserRow | null> {
  const { server } = request;
  const token = bearerToken(request);
  if (!token) return null;
  const claims = await server.accessTokenService.verify(token);
  if (!claims) return null;
  const user = await server.usersRepository.byId(claims.userId);
  if (!user || user.status !== 'active') return null;
  // Password change, reset and "sign out everywhere" move sessionsValidAfter forward.
  if (claims.issuedAtMs < user.sessionsValidAfter.getTime()) return null;
  return user;
}

/**
 * Enforces each route's declared access (src/lib/access.ts) before validation, so an anonymous
 * caller learns nothing from a route's input errors: 'business' needs a valid bearer token;
 * 'admin' also needs the user's email in ADMIN_EMAILS and verified, checked on every request. The check is
 * added to the routes that declare one of them only: public routes (the feed) pay nothing for it.
 */
export default fp(
  async (fastify) => {
    fastify.decorateRequest('user', null);
    fastify.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (access !== 'business' && access !== 'admin') return;
      const guard = async (request: FastifyRequest) => {
        const user = await authenticate(request);
        if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);
        if (access === 'admin' && !fastify.usersRepository.isAdmin(user)) {
          throw new AppError('FORBIDDEN', AUTH_MESSAGES.adminOnly);
        }
        request.user = user;
      };
      // First of the route's own hooks: nothing of the route runs for a caller it refuses.
      const own = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guard, ...own];
    });
  },
  { name: 'access-guard-plugin', dependencies: ['access-token-service', 'users-repository'] },
);

/** The signed-in user inside a 'business' or 'admin' handler (the guard has run). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.authFailed);
  return request.user;
}
