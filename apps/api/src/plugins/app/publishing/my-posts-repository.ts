import { randomUUID } from 'node:crypto';
import {
  INSIGHTS_DAYS,
  IST_OFFSET_MINUTES,
  MODERATION_MESSAGES,
  type Insights,
  type MyPostsPage,
  type OwnPost,
  PUBLISHING_MESSAGES,
  type PostInputData,
  type PostLocation,
  categoryNotYoursMessage,
  indiaDay,
  indiaDaysUpTo,
  matchBusinessCategory,
} from '@aaspaas/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db, Executor, Tx } from '#src/db/client';
import { analyticsEvents, posts, type UserRow, uploads, users } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import { countEvent } from '#src/lib/product-events';
import { decodeCursor, encodeCursor } from '../posts/feed-cursor';
import { OWN_POST_COLUMNS, type OwnPostRowData, toOwnPost } from './own-post-row';

const notFound = () => AppError.notFound(PUBLISHING_MESSAGES.postNotFound);

type Place = { lat: number; lon: number; city: string | null; state: string | null; locationOverridden: boolean };

/** The post's own place when the owner chose one, else the business profile's; none at all is a 400. */
function placeFor(user: UserRow, location: PostLocation | null): Place {
  if (location) return { ...location, locationOverridden: true };
  if (user.lat === null || user.lon === null) throw AppError.badRequest(PUBLISHING_MESSAGES.locationMissing);
  return { lat: user.lat, lon: user.lon, city: user.city, state: user.state, locationOverridden: false };
}

function categoryFor(user: UserRow, category: string): string {
  const matched = matchBusinessCategory(category, user.businessCategories);
  if (!matched) throw AppError.badRequest(categoryNotYoursMessage(user.businessCategories), { field: 'category' });
  return matched;
}

/**
 * Photos must be images our upload endpoint stored for this business (never an outside URL, never
 * fetched). On an edit, the photos the post already shows stay allowed (the demo posts' pictures
 * are not uploads).
 */
async function checkImages(db: Executor, userId: string, urls: readonly string[], alreadyOnPost: readonly string[] = []) {
  const toCheck = urls.filter((u) => !alreadyOnPost.includes(u));
  if (toCheck.length === 0) return;
  const owned = await db
    .select({ url: uploads.url })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), inArray(uploads.url, toCheck)));
  if (owned.length !== new Set(toCheck).size) throw AppError.badRequest(PUBLISHING_MESSAGES.imageNotOurs);
}

/**
 * Forgets the uploads among `urls` that no post of the business (a repost shares its photos) and
 * not its profile photo shows any more, and returns their storage keys: the caller deletes the
 * files (disk or bucket) once the transaction has committed.
 */
async function releaseUploads(tx: Tx, userId: string, urls: readonly string[]): Promise<string[]> {
  if (urls.length === 0) return [];
  const released = await tx
    .delete(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        inArray(uploads.url, [...urls]),
        sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.userId} = ${userId} AND ${uploads.url} = ANY(${posts.images}))`,
        sql`${uploads.url} IS DISTINCT FROM (SELECT ${users.profileImageUrl} FROM ${users} WHERE ${users.id} = ${userId})`,
      ),
    )
    .returning({ storageKey: uploads.storageKey });
  return released.map((r) => r.storageKey);
}

/** The columns a create or an edit writes, after the checks that need the business's profile. */
function postValues(user: UserRow, input: PostInputData) {
  const place = placeFor(user, input.location);
  return {
    category: categoryFor(user, input.category),
    content: input.content,
    hashtags: input.hashtags,
    images: input.images,
    mrpPaise: input.mrpPaise,
    ourPricePaise: input.ourPricePaise,
    homeDelivery: input.homeDelivery,
    expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
    lat: place.lat,
    lon: place.lon,
    city: place.city,
    state: place.state,
    locationOverridden: place.locationOverridden,
  };
}

/**
 * A business's own posts: create, edit, delete, repost, its list and its insights. Every statement
 * names the owner, so another business's post id behaves exactly like a missing one.
 */
/**
 * `removeFiles` deletes the stored files of uploads no post shows any more (the uploads service's);
 * `chargePost` counts a new post against the month's allowance and charges the wallet past it, in
 * the post's own transaction (the post allowance service's), so a post that cannot be paid for is
 * never written.
 */
export function createMyPostsRepository(deps: {
  db: Db;
  removeFiles: (storageKeys: readonly string[]) => Promise<void>;
  chargePost: (tx: Tx, userId: string, postId: string, now: Date) => Promise<number>;
}) {
  const { db, removeFiles, chargePost } = deps;
  async function own(executor: Executor, userId: string, id: string): Promise<OwnPost | null> {
    const { rows } = await executor.execute<OwnPostRowData>(sql`
      SELECT ${OWN_POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id
      WHERE p.id = ${id}::uuid AND p.user_id = ${userId}::uuid`);
    return rows[0] ? toOwnPost(rows[0]) : null;
  }

  async function mustOwn(executor: Executor, userId: string, id: string): Promise<OwnPost> {
    const post = await own(executor, userId, id);
    if (!post) throw notFound();
    return post;
  }

  return {
    byId: (userId: string, id: string) => mustOwn(db, userId, id),

    async create(user: UserRow, input: PostInputData, now: Date = new Date()): Promise<OwnPost> {
      const values = postValues(user, input);
      await checkImages(db, user.id, values.images);
      const id = randomUUID();
      const post = await db.transaction(async (tx) => {
        await chargePost(tx, user.id, id, now);
        await tx.insert(posts).values({ id, userId: user.id, ...values });
        return mustOwn(tx, user.id, id);
      });
      countEvent('postPublished');
      return post;
    },

    /** A full replacement of the post's content; its place in the feed (created_at) and counters stay. */
    async update(user: UserRow, id: string, input: PostInputData): Promise<OwnPost> {
      const { post, released } = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ images: posts.images })
          .from(posts)
          .where(and(eq(posts.id, id), eq(posts.userId, user.id)))
          .for('update');
        if (!current) throw notFound();
        const values = postValues(user, input);
        await checkImages(tx, user.id, values.images, current.images);
        await tx
          .update(posts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(posts.id, id));
        const dropped = current.images.filter((url) => !values.images.includes(url));
        return { post: await mustOwn(tx, user.id, id), released: await releaseUploads(tx, user.id, dropped) };
      });
      await removeFiles(released);
      return post;
    },

    /**
     * Likes and views go with the post (foreign keys); its analytics events are removed here, and
     * its photos (files and upload rows) unless another post or the profile still shows them.
     */
    async remove(userId: string, id: string): Promise<void> {
      const released = await db.transaction(async (tx) => {
        const deleted = await tx
          .delete(posts)
          .where(and(eq(posts.id, id), eq(posts.userId, userId)))
          .returning({ id: posts.id, images: posts.images });
        if (!deleted[0]) throw notFound();
        await tx.delete(analyticsEvents).where(eq(analyticsEvents.postId, id));
        return releaseUploads(tx, userId, deleted[0].images);
      });
      await removeFiles(released);
    },

    /**
     * A copy as a new post at the top of the feed, with fresh counters. A post placed by the
     * profile takes the profile's current place; an offer keeps the length of its validity,
     * counted from now, unless a new valid-until is given.
     */
    async repost(user: UserRow, id: string, expiresAt: string | null, now: Date = new Date()): Promise<OwnPost> {
      const post = await db.transaction(async (tx) => {
        const [original] = await tx
          .select()
          .from(posts)
          .where(and(eq(posts.id, id), eq(posts.userId, user.id)));
        if (!original) throw notFound();
        // Reposting would put a post the admin took down back in the feed under a new id.
        if (original.hiddenAt) throw new AppError('CONFLICT', MODERATION_MESSAGES.hiddenCannotRepost);
        const copyId = randomUUID();
        await chargePost(tx, user.id, copyId, now);
        const fromProfile = !original.locationOverridden && user.lat !== null && user.lon !== null;
        const validFor = original.expiresAt ? original.expiresAt.getTime() - original.createdAt.getTime() : null;
        const [row] = await tx
          .insert(posts)
          .values({
            id: copyId,
            userId: user.id,
            category: original.category,
            content: original.content,
            hashtags: original.hashtags,
            images: original.images,
            mrpPaise: original.mrpPaise,
            ourPricePaise: original.ourPricePaise,
            homeDelivery: original.homeDelivery,
            lat: fromProfile ? user.lat : original.lat,
            lon: fromProfile ? user.lon : original.lon,
            city: fromProfile ? user.city : original.city,
            state: fromProfile ? user.state : original.state,
            country: original.country,
            locationOverridden: original.locationOverridden,
            expiresAt: expiresAt ? new Date(expiresAt) : validFor !== null ? new Date(now.getTime() + validFor) : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: posts.id });
        if (!row) throw new Error('post not inserted');
        return mustOwn(tx, user.id, row.id);
      });
      countEvent('postPublished');
      return post;
    },

    /** Newest first, expired offers included (marked); keyset by cursor, or offset for page numbers. */
    async list(userId: string, q: { limit: number; offset: number; cursor?: string }): Promise<MyPostsPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      const after = cursor
        ? sql`AND (p.created_at, p.id) < (timestamptz 'epoch' + ${cursor.createdUs}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
        : sql``;
      const [{ rows }, [total]] = await Promise.all([
        db.execute<OwnPostRowData>(sql`
          SELECT ${OWN_POST_COLUMNS} FROM posts p JOIN users u ON u.id = p.user_id
          WHERE p.user_id = ${userId}::uuid ${after}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${q.limit} OFFSET ${q.offset}`),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(posts)
          .where(eq(posts.userId, userId)),
      ]);
      const last = rows.at(-1);
      return {
        posts: rows.map(toOwnPost),
        nextCursor: rows.length === q.limit && last ? encodeCursor({ createdUs: last.created_us, id: last.id }) : null,
        total: total?.n ?? 0,
      };
    },

    /**
     * Views (post_views rows) and WhatsApp enquiries (post_shares rows of post_whatsapp) per day over
     * the last INSIGHTS_DAYS days, for one post or (postId null) every post of the business. Both count
     * a visitor once per post per India day, as the lifetime counters do (ADR 003). Enquiries received
     * are the customers' WhatsApp messages tied to a post in the inbox (ADR 050), a figure of their own
     * beside the button taps: one customer once per post per India day, so a chat of ten messages is
     * one enquiry and a tap followed by a message is counted once in each figure, never twice in one.
     */
    async insights(userId: string, postId: string | null, now: Date = new Date()): Promise<Insights> {
      if (postId) await mustOwn(db, userId, postId);
      const to = indiaDay(now);
      const days = indiaDaysUpTo(to, INSIGHTS_DAYS);
      const from = days[0] ?? to;
      const onlyPost = postId ? sql`AND p.id = ${postId}::uuid` : sql``;
      type DayCount = { day: string; n: number };
      const received = sql`SELECT m.post_id, m.wa_id,
            ${sql.raw(`((m.created_at AT TIME ZONE 'UTC') + interval '${IST_OFFSET_MINUTES} minutes')::date`)} AS day
          FROM whatsapp_messages m JOIN posts p ON p.id = m.post_id
          WHERE m.user_id = ${userId}::uuid AND m.direction = 'in' AND p.user_id = ${userId}::uuid ${onlyPost}
          GROUP BY 1, 2, 3`;
      const [views, enquiries, lifetime, inbox] = await Promise.all([
        db.execute<DayCount>(sql`
          SELECT v.day::text AS day, count(*)::int AS n
          FROM posts p JOIN post_views v ON v.post_id = p.id
          WHERE p.user_id = ${userId}::uuid ${onlyPost} AND v.day BETWEEN ${from}::date AND ${to}::date
          GROUP BY v.day`),
        db.execute<DayCount>(sql`
          SELECT w.day::text AS day, count(*)::int AS n
          FROM posts p JOIN post_shares w ON w.post_id = p.id
          WHERE p.user_id = ${userId}::uuid ${onlyPost} AND w.name = 'post_whatsapp'
            AND w.day BETWEEN ${from}::date AND ${to}::date
          GROUP BY w.day`),
        db.execute<Insights['lifetime']>(sql`
          SELECT count(*)::int AS posts, coalesce(sum(p.views_count), 0)::int AS views,
            coalesce(sum(p.likes_count), 0)::int AS likes, coalesce(sum(p.shares_count), 0)::int AS shares,
            coalesce(sum(p.whatsapp_count), 0)::int AS whatsapp
          FROM posts p WHERE p.user_id = ${userId}::uuid ${onlyPost}`),
        db.execute<{ last_days: number; lifetime: number }>(sql`
          SELECT count(*) FILTER (WHERE r.day BETWEEN ${from}::date AND ${to}::date)::int AS last_days,
            count(*)::int AS lifetime
          FROM (${received}) r`),
      ]);
      const receivedCounts = inbox.rows[0] ?? { last_days: 0, lifetime: 0 };
      const viewsBy = new Map(views.rows.map((r) => [r.day, r.n]));
      const whatsappBy = new Map(enquiries.rows.map((r) => [r.day, r.n]));
      const series = days.map((day) => ({ day, views: viewsBy.get(day) ?? 0, whatsapp: whatsappBy.get(day) ?? 0 }));
      return {
        from,
        to,
        days: series,
        lastDays: {
          views: series.reduce((a, d) => a + d.views, 0),
          whatsapp: series.reduce((a, d) => a + d.whatsapp, 0),
          whatsappReceived: receivedCounts.last_days,
        },
        lifetime: {
          ...(lifetime.rows[0] ?? { posts: 0, views: 0, likes: 0, shares: 0, whatsapp: 0 }),
          whatsappReceived: receivedCounts.lifetime,
        },
      };
    },
  };
}

export type MyPostsRepository = ReturnType<typeof createMyPostsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    myPostsRepository: MyPostsRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'myPostsRepository',
      createMyPostsRepository({
        db: fastify.db,
        removeFiles: fastify.uploadsService.removeFiles,
        chargePost: fastify.postAllowanceService.charge,
      }),
    );
  },
  { name: 'my-posts-repository', dependencies: ['db', 'uploads-service', 'post-allowance-service'] },
);
