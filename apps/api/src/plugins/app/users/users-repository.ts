import type { AppUser } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { type UserRow, userIdentities, users } from '#src/db/schema';
import { toAppUser } from './app-user';

declare module 'fastify' {
  interface FastifyInstance {
    users: {
      byId(id: string): Promise<UserRow | null>;
      /** By sign-in email (case-insensitive: emails are stored lower-cased). */
      byEmail(email: string): Promise<UserRow | null>;
      /** Whether an email is a designated admin (ADMIN_EMAILS), decided on every request. */
      isAdminEmail(email: string): boolean;
      /**
       * Whether a user acts as admin: the address is in ADMIN_EMAILS *and* its owner proved they read
       * it. Someone who registered the address before it was listed holds only an unverified account.
       */
      isAdmin(user: UserRow): boolean;
      toAppUser(row: UserRow): Promise<AppUser>;
    };
  }
}

export default fp(
  async (fastify) => {
    const admins = new Set(fastify.config.ADMIN_EMAILS);
    const isAdminEmail = (email: string) => admins.has(email.trim().toLowerCase());
    const isAdmin = (user: UserRow) => user.emailVerifiedAt !== null && isAdminEmail(user.username);
    fastify.decorate('users', {
      async byId(id: string) {
        const [row] = await fastify.db.select().from(users).where(eq(users.id, id)).limit(1);
        return row ?? null;
      },
      async byEmail(email: string) {
        const [row] = await fastify.db.select().from(users).where(eq(users.username, email.trim().toLowerCase())).limit(1);
        return row ?? null;
      },
      isAdminEmail,
      isAdmin,
      async toAppUser(row: UserRow) {
        const [linked] = await fastify.db
          .select({ one: sql<number>`1` })
          .from(userIdentities)
          .where(and(eq(userIdentities.userId, row.id), eq(userIdentities.provider, 'google')))
          .limit(1);
        return toAppUser(row, { isAdmin: isAdmin(row), googleLinked: Boolean(linked) });
      },
    });
  },
  { name: 'users-repository', dependencies: ['db', 'env'] },
);
