import { and, eq, isNull } from 'drizzle-orm';
import { users } from '#src/db/schema';
import type { Executor } from '#src/db/client';

/** Marks a user's current address verified (keeps the first proof's time). */
export async function markEmailVerified(db: Executor, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}
