import { isOnboardingComplete, type UpdateProfileRequestSchema, type UserStats } from '@aaspaas/domain';
import { count, eq, inArray, or } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { analyticsEvents, contacts, posts, type UserRow, uploads, users } from '#src/db/schema';

export type ProfileChanges = z.output<typeof UpdateProfileRequestSchema>;

declare module 'fastify' {
  interface FastifyInstance {
    accounts: {
      /** Applies only the fields present in `changes`; recomputes onboarding. Null when the user is gone. */
      updateProfile(userId: string, changes: ProfileChanges): Promise<UserRow | null>;
      setProfileImage(userId: string, url: string): Promise<UserRow | null>;
      stats(user: UserRow): Promise<UserStats>;
      /** Erases the user and everything they own; their media files go after the rows are gone. */
      erase(userId: string): Promise<void>;
    };
  }
}

const PROFILE_COLUMNS = [
  'name',
  'businessName',
  'businessDetails',
  'businessPhone',
  'gstNumber',
  'businessCategories',
  'businessAddress',
  'city',
  'state',
  'lat',
  'lon',
] as const satisfies readonly (keyof ProfileChanges & keyof UserRow)[];

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('accounts', {
      updateProfile(userId: string, changes: ProfileChanges) {
        return db.transaction(async (tx) => {
          const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
          if (!current) return null;
          const set: Partial<typeof users.$inferInsert> = {};
          for (const column of PROFILE_COLUMNS) {
            if (changes[column] !== undefined) Object.assign(set, { [column]: changes[column] });
          }
          const next = { ...current, ...set };
          const [updated] = await tx
            .update(users)
            .set({ ...set, onboardingCompleted: isOnboardingComplete(next), updatedAt: new Date() })
            .where(eq(users.id, userId))
            .returning();
          return updated ?? null;
        });
      },

      async setProfileImage(userId: string, url: string) {
        const [updated] = await db
          .update(users)
          .set({ profileImageUrl: url, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return updated ?? null;
      },

      async stats(user: UserRow) {
        const [[postRow], [contactRow]] = await Promise.all([
          db.select({ n: count() }).from(posts).where(eq(posts.userId, user.id)),
          db.select({ n: count() }).from(contacts).where(eq(contacts.userId, user.id)),
        ]);
        // SMS has no table yet (a later issue): zero is the true count until then.
        return { contacts: contactRow?.n ?? 0, sentSms: 0, balancePaise: user.balancePaise, posts: postRow?.n ?? 0 };
      },

      async erase(userId: string) {
        const storageKeys = await db.transaction(async (tx) => {
          const owned = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(eq(uploads.userId, userId));
          // Analytics events name posts and businesses without a foreign key: remove the ones about this business.
          const postIds = tx.select({ id: posts.id }).from(posts).where(eq(posts.userId, userId));
          await tx
            .delete(analyticsEvents)
            .where(or(eq(analyticsEvents.businessId, userId), inArray(analyticsEvents.postId, postIds)));
          // Posts (with their likes and views), contacts, uploads, sessions, reset links, identities and
          // the admin record all reference the user ON DELETE CASCADE.
          await tx.delete(users).where(eq(users.id, userId));
          return owned.map((o) => o.storageKey);
        });
        await fastify.uploads.removeFiles(storageKeys);
      },
    });
  },
  { name: 'account-repository', dependencies: ['db', 'uploads-service'] },
);
