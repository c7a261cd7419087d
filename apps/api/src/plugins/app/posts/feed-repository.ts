import type { FeedQuery, Post } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { cellsForCircle } from './feed-cells';
import { type FeedCursor, decodeCursor, encodeCursor } from './feed-cursor';
import { POST_COLUMNS, type PostRowData, likedByMeColumn, toPost } from './post-row';
import { postFilters } from './post-filters';

const EARTH_RADIUS_KM = 6371.0088;
const DAY_US = 86_400_000_000n;
/** Time windows tried before an unbounded scan: a window that fills the page is exact (GUIDE §5). */
const WINDOWS_US = [DAY_US, 16n * DAY_US, null] as const;

export type FeedPage = { posts: Post[]; nextCursor: string | null };

/**
 * A validated number written into the SQL text: typed as double precision for the planner, and
 * the statement text stays the same per point, radius and page size.
 */
function num(n: number): SQL {
  if (!Number.isFinite(n)) throw new Error(`not a finite number: ${n}`);
  return sql.raw(`${n}::float8`);
}

function int(n: number | bigint): SQL {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return sql.raw(String(n));
}

function distanceSql(lat: number, lon: number): SQL {
  return sql`(2 * ${num(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    power(sin(radians(p.lat - ${num(lat)}) / 2), 2)
    + cos(radians(${num(lat)})) * cos(radians(p.lat)) * power(sin(radians(p.lon - ${num(lon)}) / 2), 2)))))`;
}

function usToTimestamp(us: bigint | string): SQL {
  return sql`(timestamptz 'epoch' + ${int(BigInt(us))} * interval '1 microsecond')`;
}

export function createFeedRepository(db: Db) {
  /**
   * One statement per page: the ids query (`ids`, newest first) joined to the post, its business
   * and the visitor's like — a single round trip to the database (the hot path, GUIDE §5).
   */
  async function page(ids: SQL, visitorId: string | undefined, offset: number): Promise<PostRowData[]> {
    const { rows } = await db.execute<PostRowData>(sql`
      WITH ids AS (${ids})
      SELECT ${POST_COLUMNS}, ${likedByMeColumn(visitorId)}
      FROM ids JOIN posts p ON p.id = ids.id JOIN users u ON u.id = p.user_id
      ORDER BY p.created_at DESC, p.id DESC OFFSET ${int(offset)}`);
    return rows;
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
    windowUs: bigint | null,
  ): SQL {
    const cells = cellsForCircle(q.lat, q.lon, q.radiusKm);
    const conditions: SQL[] = [sql`p.cell = c.cell`, sql`${distanceSql(q.lat, q.lon)} <= ${num(q.radiusKm)}`, postFilters(q)];
    if (cursor) conditions.push(sql`(p.created_at, p.id) < (${usToTimestamp(cursor.createdUs)}, ${cursor.id}::uuid)`);
    if (windowUs !== null) {
      const anchor = cursor ? sql`${usToTimestamp(cursor.createdUs)}` : sql`now()`;
      conditions.push(sql`p.created_at >= ${anchor} - ${int(windowUs)} * interval '1 microsecond'`);
    }
    // Cells are whole numbers computed by cellsForCircle, never input: safe to write as literals.
    const cellArray = sql.raw(`ARRAY[${cells.join(',')}]::int[]`);
    return sql`
      SELECT near.id FROM unnest(${cellArray}) AS c(cell)
      CROSS JOIN LATERAL (
        SELECT p.id, p.created_at FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${int(take)}
      ) AS near
      ORDER BY near.created_at DESC, near.id DESC LIMIT ${int(take)}`;
  }

  function allIds(q: FeedQuery, cursor: FeedCursor | null, take: number): SQL {
    const conditions: SQL[] = [postFilters(q)];
    if (cursor) conditions.push(sql`(p.created_at, p.id) < (${usToTimestamp(cursor.createdUs)}, ${cursor.id}::uuid)`);
    return sql`
      SELECT p.id FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${int(take)}`;
  }

  return {
    async feed(q: FeedQuery, visitorId?: string): Promise<FeedPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      const take = q.offset + q.limit;
      let rows: PostRowData[] = [];
      if (q.lat !== undefined && q.lon !== undefined) {
        const point = { ...q, lat: q.lat, lon: q.lon };
        // Windows only for the first page without offset, where "a full page" is known from the rows.
        for (const windowUs of q.offset === 0 ? WINDOWS_US : [null]) {
          rows = await page(nearIds(point, cursor, take, windowUs), visitorId, q.offset);
          if (rows.length >= q.limit) break;
        }
      } else {
        rows = await page(allIds(q, cursor, take), visitorId, q.offset);
      }
      const point = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined;
      const last = rows.at(-1);
      return {
        posts: rows.map((r) => toPost(r, point)),
        nextCursor: rows.length === q.limit && last ? encodeCursor({ createdUs: last.created_us, id: last.id }) : null,
      };
    },

    async byId(id: string, visitorId?: string): Promise<Post> {
      const [row] = await page(sql`SELECT ${id}::uuid AS id`, visitorId, 0);
      if (!row) throw AppError.notFound('Post not found');
      return toPost(row);
    },

    async byBusiness(userId: string, paging: { limit: number; offset: number }, visitorId?: string): Promise<Post[]> {
      const ids = sql`
        SELECT p.id FROM posts p WHERE p.user_id = ${userId}::uuid AND ${postFilters({})}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${int(paging.limit + paging.offset)}`;
      return (await page(ids, visitorId, paging.offset)).map((r) => toPost(r));
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
