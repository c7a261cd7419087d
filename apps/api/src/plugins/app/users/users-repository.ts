import type { AppUser } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { type UserRow, userIdentities, users } from '#src/db/schema';
import { toAppUser } from './app-user';

/** Reads users, decides who is the admin, and shapes a user for the app (AppUser). */
export function createUsersRepository(deps: { db: Db; adminEmails: readonly string[] }) {
  const { db } = deps;
  const admins = new Set(deps.adminEmails);
  /** Whether an email is a designated admin (ADMIN_EMAILS), decided on every request. */
  const isAdminEmail = (email: string) => admins.has(email.trim().toLowerCase());
  /**
   * Whether a user acts as admin: the address is in ADMIN_EMAILS *and* its owner proved they read
   * it. Someone who registered the address before it was listed holds only an unverified account.
   */
  const isAdmin = (user: UserRow) => user.emailVerifiedAt !== null && isAdminEmail(user.username);
  return {
    async byId(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
    /** By sign-in email (case-insensitive: emails are stored lower-cased). */
    async byEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.username, email.trim().toLowerCase())).limit(1);
      return row ?? null;
    },
    isAdminEmail,
    isAdmin,
    async toAppUser(row: UserRow): Promise<AppUser> {
      const [linked] = await db
        .select({ one: sql<number>`1` })
        .from(userIdentities)
        .where(and(eq(userIdentities.userId, row.id), eq(userIdentities.provider, 'google')))
        .limit(1);
      return toAppUser(row, { isAdmin: isAdmin(row), googleLinked: Boolean(linked) });
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    usersRepository: UsersRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('usersRepository', createUsersRepository({ db: fastify.db, adminEmails: fastify.config.ADMIN_EMAILS }));
  },
  { name: 'users-repository', dependencies: ['db', 'env'] },
);
