import { AUTH_MESSAGES, NEW_USER_BALANCE_PAISE, PASSWORD_RESET_TTL_MIN } from '@aaspaas/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Executor } from '#src/db/client';
import { passwordResets, type UserRow, users } from '#src/db/schema';
import { isUniqueViolation } from '#src/db/unique-violation';
import { AppError } from '#src/lib/app-error';
import { markEmailVerified } from './mark-email-verified';
import { hashToken, newOpaqueToken } from './opaque-token';
import { revokeAllSessions } from './session-revocation';

export type NewAccount = { email: string; passwordHash: string; name: string; businessName: string; mobileNumber: string };

declare module 'fastify' {
  interface FastifyInstance {
    credentials: {
      /** A new business owner; 409 emailTaken when the (lower-cased) email is in use. */
      createAccount(account: NewAccount): Promise<UserRow>;
      /**
       * A single-use reset token for the user (only its hash is stored) and when it expires. With
       * `notWithinMs`, null when the user already got one that recently (one user's requests queue on
       * its row lock, so two at once cannot both pass).
       */
      issueReset(userId: string, options?: { notWithinMs?: number }): Promise<{ token: string; expiresAt: Date } | null>;
      /** Whether a reset token is open (unknown, expired and used ones are not): a cheap pre-check. */
      resetTokenOpen(token: string): Promise<boolean>;
      /**
       * Spends a reset token: sets the password, marks the address verified, closes every open reset
       * link of the user and ends every session, in one transaction. Null when the token is unknown, expired or used.
       */
      resetPassword(token: string, passwordHash: string): Promise<UserRow | null>;
      /** Sets a new password and ends every session (the caller starts one for this device). */
      changePassword(userId: string, passwordHash: string): Promise<UserRow | null>;
    };
  }
}

const openReset = (token: string, now: Date) =>
  and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

async function setPasswordEverywhere(tx: Executor, userId: string, passwordHash: string, now: Date) {
  await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  // A new password makes any reset link still in a mailbox useless.
  await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  return revokeAllSessions(tx, userId, now);
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('credentials', {
      async createAccount(account: NewAccount) {
        try {
          const [row] = await db
            .insert(users)
            .values({
              username: account.email.trim().toLowerCase(),
              passwordHash: account.passwordHash,
              name: account.name,
              businessName: account.businessName,
              mobileNumber: account.mobileNumber,
              balancePaise: NEW_USER_BALANCE_PAISE,
            })
            .returning();
          if (!row) throw new Error('user not inserted');
          return row;
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'username' });
          throw error;
        }
      },

      issueReset(userId: string, options: { notWithinMs?: number } = {}) {
        return db.transaction(async (tx) => {
          const now = new Date();
          if (options.notWithinMs !== undefined) {
            await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
            const [recent] = await tx
              .select({ id: passwordResets.id })
              .from(passwordResets)
              .where(
                and(
                  eq(passwordResets.userId, userId),
                  gt(passwordResets.createdAt, new Date(now.getTime() - options.notWithinMs)),
                ),
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

      async resetTokenOpen(token: string) {
        const [open] = await db
          .select({ id: passwordResets.id })
          .from(passwordResets)
          .where(openReset(token, new Date()))
          .limit(1);
        return Boolean(open);
      },

      resetPassword(token: string, passwordHash: string) {
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

      changePassword(userId: string, passwordHash: string) {
        return db.transaction((tx) => setPasswordEverywhere(tx, userId, passwordHash, new Date()));
      },
    });
  },
  { name: 'credentials-repository', dependencies: ['db'] },
);
