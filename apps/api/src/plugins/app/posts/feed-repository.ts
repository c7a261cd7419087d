import { hash } from 'node:crypto';
import { EARTH_RADIUS_KM, type FeedQuery, type Post } from '@aaspaas/domain';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import { cellsForCircle } from './feed-cells';
import { decodeCursor, encodeCursor } from './feed-cursor';
import { POST_COLUMNS, type PostRowData, likedByMeColumn, toPost } from './post-row';
import { postFilters } from './post-filters';

/**
 * Time windows tried before an unbounded scan, newest first: a window that fills the page is exact
 * (every post outside it is older than every post inside), and it bounds the work in a cell the
 * circle only grazes (GUIDE §5).
 */
const WINDOWS = [sql.raw(`interval '1 day'`), sql.raw(`interval '16 days'`), null] as const;

export type FeedPage = { posts: Post[]; nextCursor: string | null };

/**
 * A value of a listing statement: the value itself, or a placeholder filled at execution when the
 * statement is prepared once for every request of its shape.
 */
type Value = string | number | Placeholder;
const placeholder = (name: string): Placeholder => sql.placeholder(name);

/** The great-circle distance from a point to `p`, in km. */
function distanceSql(lat: Value, lon: Value): SQL {
  return sql`(2 * ${sql.raw(String(EARTH_RADIUS_KM))} * asin(least(1, sqrt(
    power(sin(radians(p.lat - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(p.lat)) * power(sin(radians(p.lon - ${lon}::float8) / 2), 2)))))`;
}

function usToTimestamp(us: Value): SQL {
  return sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
}

type Keyset = { createdUs: Value; id: Value };

function keysetBefore(cursor: Keyset): SQL {
  return sql`(p.created_at, p.id) < (${usToTimestamp(cursor.createdUs)}, ${cursor.id}::uuid)`;
}

/** What a feed statement reads: every value or placeholder, and the filters of postFilters. */
type FeedValues = {
  point: { lat: Value; lon: Value; radiusKm: Value; cells: Value } | null;
  cursor: Keyset | null;
  take: Value;
  offset: Value;
  /** Windows only without offset, where "a full page" is known from the rows. */
  windowed: boolean;
  filters: SQL;
  visitorId: string | Placeholder | undefined;
};

/**
 * One statement per page: the ids (`ids`, newest first) joined to the post, its business and
 * the visitor's like — a single round trip to the database (the hot path, GUIDE §5).
 */
function page(ids: SQL, visitorId: string | Placeholder | undefined, offset: Value): SQL {
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
function nearIds(v: FeedValues, point: NonNullable<FeedValues['point']>, window: SQL | null): SQL {
  const conditions: SQL[] = [
    sql`p.cell = c.cell`,
    sql`${distanceSql(point.lat, point.lon)} <= ${point.radiusKm}::float8`,
    v.filters,
  ];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  if (window) conditions.push(sql`p.created_at >= ${v.cursor ? usToTimestamp(v.cursor.createdUs) : sql`now()`} - ${window}`);
  return sql`
    SELECT near.id, near.created_at FROM unnest(${point.cells}::int[]) AS c(cell)
    CROSS JOIN LATERAL (
      SELECT p.id, p.created_at FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${v.take}::int
    ) AS near
    ORDER BY near.created_at DESC, near.id DESC LIMIT ${v.take}::int`;
}

/**
 * The windows of WINDOWS in one statement: each later window runs only when the ones before it
 * did not fill the page (PostgreSQL skips a branch whose one-time filter is false), and the
 * first that fills it (or the unbounded last) answers. One round trip instead of up to three.
 */
function windowedNearIds(v: FeedValues, point: NonNullable<FeedValues['point']>): SQL {
  const short = (w: number) => sql`(SELECT count(*) FROM w${sql.raw(String(w))}) < ${v.take}::int`;
  const ctes = WINDOWS.map((window, i) => {
    const earlierShort = WINDOWS.slice(0, i).map((_, j) => short(j));
    const gate = earlierShort.length > 0 ? sql`WHERE ${sql.join(earlierShort, sql` AND `)}` : sql``;
    return sql`w${sql.raw(String(i))} AS MATERIALIZED (SELECT * FROM (${nearIds(v, point, window)}) AS win ${gate})`;
  });
  const last = WINDOWS.length - 1;
  const answers = WINDOWS.map((_, i) =>
    i === last ? sql`SELECT * FROM w${sql.raw(String(i))}` : sql`SELECT * FROM w${sql.raw(String(i))} WHERE NOT ${short(i)}`,
  );
  return sql`${sql.join(ctes, sql`, `)}, ids AS (${sql.join(answers, sql` UNION ALL `)})`;
}

function feedStatement(v: FeedValues): SQL {
  let ids: SQL;
  if (v.point) {
    ids = v.windowed ? windowedNearIds(v, v.point) : sql`ids AS (${nearIds(v, v.point, null)})`;
  } else {
    const conditions: SQL[] = [v.filters];
    if (v.cursor) conditions.push(keysetBefore(v.cursor));
    ids = sql`ids AS (
      SELECT p.id FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${v.take}::int)`;
  }
  return page(ids, v.visitorId, v.offset);
}

const dialect = new PgDialect();
type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/** `preparedDb` runs the named statements (generic plans, DbHandle); a search runs on `db`, planned for its terms. */
export function createFeedRepository(db: Db, preparedDb: Db = db) {
  function prepare(statement: SQL, named: boolean): Prepared {
    const query = dialect.sqlToQuery(statement);
    if (!named) return db._.session.prepareQuery(query, undefined, undefined, false);
    return preparedDb._.session.prepareQuery(query, undefined, `posts_${hash('sha1', query.sql)}`, false);
  }

  async function rowsOf(prepared: Prepared, values?: Record<string, unknown>): Promise<PostRowData[]> {
    return ((await prepared.execute(values)) as { rows: PostRowData[] }).rows;
  }

  /**
   * Without a search (q), a feed statement has one of a few shapes (point or not, cursor, visitor,
   * category, windows) and every value is a placeholder. Each shape is built once here and, on
   * PostgreSQL, runs as a named prepared statement: parsed and planned once per connection instead
   * of on every request (planning took longer than running it; ADR 006). PGlite ignores the name.
   */
  const shapes = new Map<string, Prepared>();
  function preparedFeed(shape: { point: boolean; cursor: boolean; visitor: boolean; category: boolean; windowed: boolean }) {
    const key = JSON.stringify(shape);
    let prepared = shapes.get(key);
    if (!prepared) {
      const filters = shape.category
        ? sql`${postFilters({})} AND lower(p.category) = lower(${placeholder('category')})`
        : postFilters({});
      const statement = feedStatement({
        point: shape.point
          ? { lat: placeholder('lat'), lon: placeholder('lon'), radiusKm: placeholder('radiusKm'), cells: placeholder('cells') }
          : null,
        cursor: shape.cursor ? { createdUs: placeholder('cursorUs'), id: placeholder('cursorId') } : null,
        take: placeholder('take'),
        offset: placeholder('offset'),
        windowed: shape.windowed,
        filters,
        visitorId: shape.visitor ? placeholder('visitorId') : undefined,
      });
      prepared = prepare(statement, true);
      shapes.set(key, prepared);
    }
    return prepared;
  }

  return {
    async feed(q: FeedQuery, visitorId?: string): Promise<FeedPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      const point = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined;
      const cells = point ? `{${cellsForCircle(point.lat, point.lon, q.radiusKm).join(',')}}` : '{}';
      const values = {
        lat: point?.lat,
        lon: point?.lon,
        radiusKm: q.radiusKm,
        cells,
        cursorUs: cursor?.createdUs,
        cursorId: cursor?.id,
        take: q.offset + q.limit,
        offset: q.offset,
        visitorId,
        category: q.category || undefined,
      };
      const windowed = q.offset === 0;
      let rows: PostRowData[];
      if (!q.q) {
        const shape = { point: !!point, cursor: !!cursor, visitor: !!visitorId, category: !!values.category, windowed };
        rows = await rowsOf(preparedFeed(shape), values);
      } else {
        // A search's statement varies with its terms: built for this request, unnamed, so the
        // prepared statements a connection keeps stay few.
        const statement = feedStatement({
          point: point ? { ...point, radiusKm: q.radiusKm, cells } : null,
          cursor: cursor ? { createdUs: cursor.createdUs, id: cursor.id } : null,
          take: values.take,
          offset: values.offset,
          windowed,
          filters: postFilters(q),
          visitorId,
        });
        rows = await rowsOf(prepare(statement, false));
      }
      const last = rows.at(-1);
      return {
        posts: rows.map((r) => toPost(r, point)),
        nextCursor: rows.length === q.limit && last ? encodeCursor({ createdUs: last.created_us, id: last.id }) : null,
      };
    },

    async byId(id: string, visitorId?: string): Promise<Post> {
      const [row] = await rowsOf(prepare(page(sql`ids AS (SELECT ${id}::uuid AS id)`, visitorId, 0), true));
      if (!row) throw AppError.notFound('Post not found');
      return toPost(row);
    },

    async byBusiness(userId: string, paging: { limit: number; offset: number }, visitorId?: string): Promise<Post[]> {
      const ids = sql`ids AS (
        SELECT p.id FROM posts p WHERE p.user_id = ${userId}::uuid AND ${postFilters({})}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${paging.limit + paging.offset}::int)`;
      return (await rowsOf(prepare(page(ids, visitorId, paging.offset), true))).map((r) => toPost(r));
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
    fastify.decorate('feedRepository', createFeedRepository(fastify.db, fastify.dbHandle.preparedDb));
  },
  { name: 'feed-repository', dependencies: ['db'] },
);
