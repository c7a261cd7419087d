import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { refreshTokens, type UserRow, users } from '#src/db/schema';

/**
 * Ends every session of a user: all refresh families are revoked and access tokens issued before
 * `now` are refused (the guard compares them with sessions_valid_after). `now` is JS time, like the
 * tokens' iat_ms. Returns the updated user, or null when it is gone.
 */
export async function revokeAllSessions(db: Executor, userId: string, now: Date): Promise<UserRow | null> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  const [user] = await db.update(users).set({ sessionsValidAfter: now }).where(eq(users.id, userId)).returning();
  return user ?? null;
}
