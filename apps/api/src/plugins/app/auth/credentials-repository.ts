import { PASSWORD_RESET_TTL_MIN } from '@aaspaas/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor } from '#src/db/client';
import { passwordResets, type UserRow, users } from '#src/db/schema';
import { markEmailVerified } from './mark-email-verified';
import { hashToken, newOpaqueToken } from './opaque-token';
import { revokeAllSessions } from './session-revocation';

const openReset = (token: string, now: Date) =>
  and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

async function setPasswordEverywhere(tx: Executor, userId: string, passwordHash: string, now: Date) {
  // Set through the emailed link or from a signed-in session: either proves the owner, so attempts
  // counted against the admin's sign-in before now stop blocking it (docs/security.md).
  await tx.update(users).set({ passwordHash, updatedAt: now, adminSignInOpenedAt: now }).where(eq(users.id, userId));
  // A new password makes any reset link still in a mailbox useless.
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return revokeAllSessions(tx, userId, now);
}

/** The stored password and its reset links: single-use tokens (only their hashes are kept) and what spending one does. */
export function createCredentialsRepository(deps: { db: Db }) {
  const { db } = deps;
  return {
    /**
     * A single-use reset token for the user (only its hash is stored) and when it expires. With
     * `notWithinMs`, null when the user already got one that recently (one user's requests queue on
     * its row lock, so two at once cannot both pass).
     */
    issueReset(userId: string, options: { notWithinMs?: number } = {}): Promise<{ token: string; expiresAt: Date } | null> {
      return db.transaction(async (tx) => {
        const now = new Date();
        if (options.notWithinMs !== undefined) {
          await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
          const [recent] = await tx
            .select({ id: passwordResets.id })
            .from(passwordResets)
            .where(
              and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, new Date(now.getTime() - options.notWithinMs))),
            )
            .limit(1);
          if (recent) return null;
        }
        const { token, hash } = newOpaqueToken();
        const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MIN * 60_000);
        await tx.insert(passwordResets).values({ userId, tokenHash: hash, expiresAt, createdAt: now });
        return { token, expiresAt };
      });
    },

    /** Whether a reset token is open (unknown, expired and used ones are not): a cheap pre-check. */
    async resetTokenOpen(token: string): Promise<boolean> {
      const [open] = await db.select({ id: passwordResets.id }).from(passwordResets).where(openReset(token, new Date())).limit(1);
      return Boolean(open);
    },

    /**
     * Spends a reset token: sets the password, marks the address verified, closes every open reset
     * link of the user and ends every session, in one transaction. Null when the token is unknown, expired or used.
     */
    resetPassword(token: string, passwordHash: string): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const now = new Date();
        // Conditional: of two requests spending the same link, only one gets the row.
        const [reset] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(openReset(token, now))
          .returning({ userId: passwordResets.userId });
        if (!reset) return null;
        // The link reached the address, so whoever spends it reads that mailbox: the address is
        // proven. Every other session ends below, so nobody who merely knew the old password stays.
        await markEmailVerified(tx, reset.userId, now);
        return setPasswordEverywhere(tx, reset.userId, passwordHash, now);
      });
    },

    /** Sets a new password and ends every session (the caller starts one for this device). */
    changePassword(userId: string, passwordHash: string): Promise<UserRow | null> {
      return db.transaction((tx) => setPasswordEverywhere(tx, userId, passwordHash, new Date()));
    },
  };
}

export type CredentialsRepository = ReturnType<typeof createCredentialsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    credentialsRepository: CredentialsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('credentialsRepository', createCredentialsRepository({ db: fastify.db }));
  },
  { name: 'credentials-repository', dependencies: ['db'] },
);
