import type { AdminRecord, AdminStats } from '@aaspaas/domain';
import { count, eq, gte, notInArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { admins, postLikes, postViews, posts, type UserRow, users } from '../../../db/schema';
import { viewDay } from '../posts/engagement-repository';

type AdminRow = typeof admins.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    adminRepository: {
      /** Spec §3: the admin record is created or updated at each admin login (createdAt kept). */
      recordLogin(user: UserRow, photoUrl?: string | null): Promise<AdminRecord>;
      record(uid: string): Promise<AdminRecord | null>;
      stats(now?: Date): Promise<AdminStats>;
    };
  }
}

function toAdminRecord(row: AdminRow): AdminRecord {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    photoURL: row.photoUrl,
    isAdmin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin.toISOString(),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('adminRepository', {
      async recordLogin(user: UserRow, photoUrl?: string | null) {
        const now = new Date();
        const values = {
          email: user.username,
          displayName: user.name,
          photoUrl: user.profileImageUrl ?? photoUrl ?? null,
          isAdmin: true,
          lastLogin: now,
        };
        const [row] = await db
          .insert(admins)
          .values({ uid: user.id, ...values, createdAt: now })
          .onConflictDoUpdate({ target: admins.uid, set: values })
          .returning();
        if (!row) throw new Error('admin record not written');
        return toAdminRecord(row);
      },

      async record(uid: string) {
        const [row] = await db.select().from(admins).where(eq(admins.uid, uid)).limit(1);
        return row ? toAdminRecord(row) : null;
      },

      async stats(now: Date = new Date()) {
        const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
        const today = viewDay(now);
        // Views are stored per India calendar day (ADR 003): "7 days" is today and the six days before.
        const sixDaysAgo = viewDay(new Date(now.getTime() - 6 * DAY_MS));
        // Admins are whoever ADMIN_EMAILS names today (emails are stored lower-cased, like the list).
        const adminEmails = fastify.config.ADMIN_EMAILS;
        const business = adminEmails.length > 0 ? notInArray(users.username, adminEmails) : undefined;

        const [people] = await db
          .select({
            all: count(),
            newThisWeek: sql<number>`count(*) filter (where ${users.createdAt} >= ${weekAgo.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
          })
          .from(users)
          .where(business);
        const [postCount] = await db.select({ n: count() }).from(posts);
        // post_likes rows and posts.likes_count move together in one transaction; the rows are the truth.
        const [likeCount] = await db.select({ n: count() }).from(postLikes);
        const [views] = await db
          .select({
            today: sql<number>`count(*) filter (where ${postViews.day} = ${today}::date)`.mapWith(Number),
            week: count(),
          })
          .from(postViews)
          .where(gte(postViews.day, sixDaysAgo));

        return {
          businesses: people?.all ?? 0,
          posts: postCount?.n ?? 0,
          likes: likeCount?.n ?? 0,
          viewsToday: views?.today ?? 0,
          views7Days: views?.week ?? 0,
          newBusinesses7Days: people?.newThisWeek ?? 0,
        };
      },
    });
  },
  { name: 'admin-repository', dependencies: ['db', 'env'] },
);
