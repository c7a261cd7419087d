import { splitDisplayName } from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { type UserRow, userIdentities, users } from '#src/db/schema';
import type { AccountsRepository } from '../accounts/accounts-repository';
import { revokeAllSessions } from './session-revocation';

/**
 * A person proven by an outside provider: Google's web sign-in today, a native ID token from the
 * Android app later. The email must already be verified by the provider (callers check): signing in
 * with it verifies the account's address.
 */
export type VerifiedIdentity = {
  provider: string;
  subject: string;
  email: string;
  displayName: string | null;
  /** The provider's picture: shown in the admin record only, never made the profile image (ours are uploads). */
  photoUrl?: string | null;
};

/** Outside identities (Google today): the user each one signs in as, linked or created on first use. */
export function createIdentityService(deps: { db: Db; accountsRepository: AccountsRepository }) {
  const { db, accountsRepository } = deps;

  async function linkedUser(executor: Executor, provider: string, subject: string): Promise<UserRow | null> {
    const [row] = await executor
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.user ?? null;
  }

  /**
   * The provider proved this person reads `email`. If it is the account's address and nobody had
   * proven it yet, it is verified now; a password on it may have been set by someone who registered
   * the address before its owner, so that password is removed and every session of it ends (the
   * owner can set a password again in the settings). Returns the user as it now is.
   */
  async function claimAddress(executor: Executor, user: UserRow, email: string): Promise<UserRow> {
    if (user.emailVerifiedAt || user.username !== email) return user;
    const now = new Date();
    if (user.passwordHash !== null) {
      await executor.update(users).set({ passwordHash: null, updatedAt: now }).where(eq(users.id, user.id));
      await revokeAllSessions(executor, user.id, now);
    }
    const [updated] = await executor.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, user.id)).returning();
    return updated ?? user;
  }

  /**
   * The user of an identity: the one already linked to it; else the account with the same email,
   * now linked (never a second account); else a new account named by the display-name rule.
   */
  async function signIn(identity: VerifiedIdentity): Promise<{ user: UserRow; created: boolean }> {
    const email = identity.email.trim().toLowerCase();
    const linked = await linkedUser(db, identity.provider, identity.subject);
    if (linked) return { user: await db.transaction((tx) => claimAddress(tx, linked, email)), created: false };

    return db.transaction(async (tx) => {
      const { name, businessName } = splitDisplayName(identity.displayName);
      // Two first sign-ins at once: the unique email decides, and the loser finds the winner's row.
      const inserted = await accountsRepository.create(
        { email, passwordHash: null, name, businessName, emailVerifiedAt: new Date() },
        tx,
      );
      const user = inserted ?? (await tx.select().from(users).where(eq(users.username, email)).limit(1))[0];
      if (!user) throw new Error('identity user neither inserted nor found');
      const [link] = await tx
        .insert(userIdentities)
        .values({ provider: identity.provider, subject: identity.subject, userId: user.id, email })
        .onConflictDoNothing()
        .returning();
      if (!link) {
        // Linked meanwhile by a parallel sign-in: that link wins.
        const winner = await linkedUser(tx, identity.provider, identity.subject);
        if (winner) return { user: await claimAddress(tx, winner, email), created: false };
      }
      return { user: await claimAddress(tx, user, email), created: Boolean(inserted) };
    });
  }

  return { signIn };
}

export type IdentityService = ReturnType<typeof createIdentityService>;

declare module 'fastify' {
  interface FastifyInstance {
    identityService: IdentityService;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'identityService',
      createIdentityService({ db: fastify.db, accountsRepository: fastify.accountsRepository }),
    );
  },
  { name: 'identity-service', dependencies: ['db', 'accounts-repository'] },
);
