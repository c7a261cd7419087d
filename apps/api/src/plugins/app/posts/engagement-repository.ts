import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Tx } from '#src/db/client';
import { postLikes, postViews, posts } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';

/** The day a view counts for: India's calendar day (IST, UTC+5:30), whatever the client sends. */
export function viewDay(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/**
 * Rows read from a replica may miss the visitor's latest like or unlike (ADR 047): the primary says which
 * of them they like, and a count the replica has not moved yet moves by their own change.
 */
export async function withOwnLikes<R extends { id: string; liked_by_me: boolean | null; likes_count: number }>(
  primary: Db,
  rows: R[],
  visitorId: string,
): Promise<R[]> {
  if (rows.length === 0) return rows;
  const ids = `{${rows.map((r) => r.id).join(',')}}`;
  const { rows: liked } = await primary.execute<{ post_id: string }>(
    sql`SELECT post_id FROM post_likes WHERE visitor_id = ${visitorId} AND post_id = ANY(${ids}::uuid[])`,
  );
  const likedIds = new Set(liked.map((r) => r.post_id));
  return rows.map((row) => {
    const likes = likedIds.has(row.id);
    if (row.liked_by_me === likes) return row;
    return { ...row, liked_by_me: likes, likes_count: Math.max(0, row.likes_count + (likes ? 1 : -1)) };
  });
}

/** Likes and views: each row insert and its counter update commit together. */
export function createEngagementRepository(deps: { db: Db }) {
  const { db } = deps;
  async function lockPost(tx: Tx, postId: string): Promise<void> {
    const found = await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, postId)).for('update');
    if (found.length === 0) throw AppError.notFound('Post not found');
  }

  async function counter(tx: Tx, postId: string) {
    const [row] = await tx
      .select({ likesCount: posts.likesCount, viewsCount: posts.viewsCount })
      .from(posts)
      .where(eq(posts.id, postId));
    return row ?? { likesCount: 0, viewsCount: 0 };
  }

  return {
    /**
     * A visitor's like, once per post. `counted` false keeps it held (a new visitor's beyond what
     * such ids may add, ADR 048): the visitor sees it as theirs, the post's count moves when the id is
     * confirmed (confirmHeldLikes).
     */
    like(postId: string, visitorId: string, counted = true) {
      return db.transaction(async (tx) => {
        await lockPost(tx, postId);
        const inserted = await tx.insert(postLikes).values({ postId, visitorId, counted }).onConflictDoNothing().returning();
        if (inserted.some((row) => row.counted)) {
          await tx
            .update(posts)
            .set({ likesCount: sql`${posts.likesCount} + 1` })
            .where(eq(posts.id, postId));
        }
        return { likesCount: (await counter(tx, postId)).likesCount, liked: true };
      });
    },

    unlike(postId: string, visitorId: string) {
      return db.transaction(async (tx) => {
        await lockPost(tx, postId);
        const deleted = await tx
          .delete(postLikes)
          .where(and(eq(postLikes.postId, postId), eq(postLikes.visitorId, visitorId)))
          .returning();
        if (deleted.some((row) => row.counted)) {
          await tx
            .update(posts)
            .set({ likesCount: sql`greatest(0, ${posts.likesCount} - 1)` })
            .where(eq(posts.id, postId));
        }
        return { likesCount: (await counter(tx, postId)).likesCount, liked: false };
      });
    },

    /** A new visitor's id was confirmed: its held likes count now, each post's counter with its rows. */
    async confirmHeldLikes(visitorId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          WITH confirmed AS (
            UPDATE post_likes SET counted = true WHERE visitor_id = ${visitorId} AND NOT counted RETURNING post_id)
          UPDATE posts SET likes_count = likes_count + 1 FROM confirmed WHERE posts.id = confirmed.post_id`);
      });
    },

    /** The post's views now, unchanged: a view that does not count (a new visitor's beyond its allowance). */
    async viewsCount(postId: string) {
      const [row] = await db.select({ viewsCount: posts.viewsCount }).from(posts).where(eq(posts.id, postId));
      if (!row) throw AppError.notFound('Post not found');
      return { viewsCount: row.viewsCount };
    },

    view(postId: string, visitorId: string, now: Date = new Date()) {
      return db.transaction(async (tx) => {
        await lockPost(tx, postId);
        const inserted = await tx
          .insert(postViews)
          .values({ postId, visitorId, day: viewDay(now) })
          .onConflictDoNothing()
          .returning();
        if (inserted.length > 0) {
          await tx
            .update(posts)
            .set({ viewsCount: sql`${posts.viewsCount} + 1` })
            .where(eq(posts.id, postId));
        }
        return { viewsCount: (await counter(tx, postId)).viewsCount };
      });
    },
  };
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    engagementRepository: EngagementRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('engagementRepository', createEngagementRepository({ db: fastify.db }));
  },
  { name: 'engagement-repository', dependencies: ['db'] },
);
