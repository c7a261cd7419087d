import { hash } from 'node:crypto';
import type { FeedQuery, Post } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { cellsForCircle } from './feed-cells';
import { type FeedCursor, decodeCursor, encodeCursor } from './feed-cursor';
import { POST_COLUMNS, type PostRowData, likedByMeColumn, toPost } from './post-row';
import { postFilters } from './post-filters';

const EARTH_RADIUS_KM = 6371.0088;
/**
 * Time windows tried before an unbounded scan, newest first: a window that fills the page is exact
 * (every post outside it is older than every post inside), and it bounds the work in a cell the
 * circle only grazes (GUIDE §5).
 */
const WINDOWS = [sql.raw(`interval '1 day'`), sql.raw(`interval '16 days'`), null] as const;

export type FeedPage = { posts: Post[]; nextCursor: string | null };

/**
 * The great-circle distance from a point to `p`, in km. The point travels as parameters, so the
 * statement's text is the same for every point and PostgreSQL can keep its plan (ADR 006).
 */
function distanceSql(lat: number, lon: number): SQL {
  return sql`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(p.lat - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(p.lat)) * power(sin(radians(p.lon - ${lon}::float8) / 2), 2)))))`;
}

function usToTimestamp(us: string): SQL {
  return sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
}

function keysetBefore(cursor: FeedCursor): SQL {
  return sql`(p.created_at, p.id) < (${usToTimestamp(cursor.createdUs)}, ${cursor.id}::uuid)`;
}

const dialect = new PgDialect();

export function createFeedRepository(db: Db) {
  /**
   * Runs a listing statement. Without a search (q), every value is a parameter and the text has
   * a handful of shapes, so on PostgreSQL it runs as a named prepared statement: parsed and
   * planned once per connection instead of on every request (planning cost more than running it:
   * ADR 006). A search's text varies with its terms, so it stays unnamed and bounded memory.
   * PGlite ignores the name.
   */
  async function run(statement: SQL, prepare: boolean): Promise<PostRowData[]> {
    const query = dialect.sqlToQuery(statement);
    const name = prepare ? `posts_${hash('sha1', query.sql)}` : undefined;
    const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: PostRowData[] };
    return result.rows;
  }

  /**
   * One statement per page: the ids (`ids`, newest first) joined to the post, its business and
   * the visitor's like — a single round trip to the database (the hot path, GUIDE §5).
   */
  function page(ids: SQL, visitorId: string | undefined, offset: number): SQL {
    return sql`
      WITH ${ids}
      SELECT ${POST_COLUMNS}, ${likedByMeColumn(visitorId)}
      FROM ids JOIN posts p ON p.id = ids.id JOIN users u ON u.id = p.user_id
      ORDER BY p.created_at DESC, p.id DESC OFFSET ${offset}::int`;
  }

  /**
   * Newest first within the radius, one index range per grid cell: a LATERAL subquery per cell
   * stops after `take` rows of its cell, so a dense city costs the same as a village, and the
   * statement is planned once however many cells the circle touches.
   */
  function nearIds(
    q: FeedQuery & { lat: number; lon: number },
    cursor: FeedCursor | null,
    take: number,
    window: SQL | null,
  ): SQL {
    const cells = cellsForCircle(q.lat, q.lon, q.radiusKm);
    const conditions: SQL[] = [sql`p.cell = c.cell`, sql`${distanceSql(q.lat, q.lon)} <= ${q.radiusKm}::float8`, postFilters(q)];
    if (cursor) conditions.push(keysetBefore(cursor));
    if (window) conditions.push(sql`p.created_at >= ${cursor ? usToTimestamp(cursor.createdUs) : sql`now()`} - ${window}`);
    return sql`
      SELECT near.id, near.created_at FROM unnest(${`{${cells.join(',')}}`}::int[]) AS c(cell)
      CROSS JOIN LATERAL (
        SELECT p.id, p.created_at FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${take}::int
      ) AS near
      ORDER BY near.created_at DESC, near.id DESC LIMIT ${take}::int`;
  }

  /**
   * The windows of WINDOWS in one statement: each later window runs only when the ones before it
   * did not fill the page (PostgreSQL skips a branch whose one-time filter is false), and the
   * first that fills it (or the unbounded last) answers. One round trip instead of up to three.
   */
  function windowedNearIds(q: FeedQuery & { lat: number; lon: number }, cursor: FeedCursor | null, take: number): SQL {
    const short = (w: number) => sql`(SELECT count(*) FROM w${sql.raw(String(w))}) < ${take}::int`;
    const ctes = WINDOWS.map((window, i) => {
      const earlierShort = WINDOWS.slice(0, i).map((_, j) => short(j));
      const gate = earlierShort.length > 0 ? sql`WHERE ${sql.join(earlierShort, sql` AND `)}` : sql``;
      return sql`w${sql.raw(String(i))} AS MATERIALIZED (SELECT * FROM (${nearIds(q, cursor, take, window)}) AS win ${gate})`;
    });
    const last = WINDOWS.length - 1;
    const answers = WINDOWS.map((_, i) =>
      i === last ? sql`SELECT * FROM w${sql.raw(String(i))}` : sql`SELECT * FROM w${sql.raw(String(i))} WHERE NOT ${short(i)}`,
    );
    return sql`${sql.join(ctes, sql`, `)}, ids AS (${sql.join(answers, sql` UNION ALL `)})`;
  }

  function allIds(q: FeedQuery, cursor: FeedCursor | null, take: number): SQL {
    const conditions: SQL[] = [postFilters(q)];
    if (cursor) conditions.push(keysetBefore(cursor));
    return sql`ids AS (
      SELECT p.id FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${take}::int)`;
  }

  return {
    async feed(q: FeedQuery, visitorId?: string): Promise<FeedPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      const take = q.offset + q.limit;
      const prepare = !q.q;
      let rows: PostRowData[];
      let point: { lat: number; lon: number } | undefined;
      if (q.lat !== undefined && q.lon !== undefined) {
        point = { lat: q.lat, lon: q.lon };
        const near = { ...q, ...point };
        // Windows only without offset, where "a full page" is known from the rows.
        const ids = q.offset === 0 ? windowedNearIds(near, cursor, take) : sql`ids AS (${nearIds(near, cursor, take, null)})`;
        rows = await run(page(ids, visitorId, q.offset), prepare);
      } else {
        rows = await run(page(allIds(q, cursor, take), visitorId, q.offset), prepare);
      }
      const last = rows.at(-1);
      return {
        posts: rows.map((r) => toPost(r, point)),
        nextCursor: rows.length === q.limit && last ? encodeCursor({ createdUs: last.created_us, id: last.id }) : null,
      };
    },

    async byId(id: string, visitorId?: string): Promise<Post> {
      const [row] = await run(page(sql`ids AS (SELECT ${id}::uuid AS id)`, visitorId, 0), true);
      if (!row) throw AppError.notFound('Post not found');
      return toPost(row);
    },

    async byBusiness(userId: string, paging: { limit: number; offset: number }, visitorId?: string): Promise<Post[]> {
      const ids = sql`ids AS (
        SELECT p.id FROM posts p WHERE p.user_id = ${userId}::uuid AND ${postFilters({})}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${paging.limit + paging.offset}::int)`;
      return (await run(page(ids, visitorId, paging.offset), true)).map((r) => toPost(r));
    },
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    feedRepository: FeedRepository;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('feedRepository', createFeedRepository(fastify.db));
  },
  { name: 'feed-repository', dependencies: ['db'] },
);
