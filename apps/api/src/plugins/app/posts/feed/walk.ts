import { EARTH_RADIUS_KM, FEED_MAX_LIMIT, FEED_MAX_OFFSET } from '@aaspaas/domain';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Grid } from '../feed-cells';
import { LISTED_POST, openNowFilter } from '../post-filters';
import { likedByMeColumn, POST_COLUMNS } from '../post-row';

/**
 * The feed's walks as SQL: newest first over a circle's grid cells (ADR 024) or over every post, the
 * page's filters checked on each row; and the steps a statement is made of (staged), which a search's
 * strategies (search/strategies.ts) use too.
 */

/** The most rows a page can ask for: the deepest offset and the largest page. */
export const MAX_TAKE = FEED_MAX_OFFSET + FEED_MAX_LIMIT;

/** A value of a statement: the value itself, or a placeholder filled at execution. */
export type Value = string | number | Placeholder;
/** A constant of ours written into the statement's text (not a parameter): the same in every plan. */
export const literal = (n: number): SQL => sql.raw(String(n));

/** A circle and its cover's parts (chooseCover): each part's grid, its cells as a value (an int[]) and how many. */
export type Circle = { lat: Value; lon: Value; radiusKm: Value; parts: { grid: Grid; cells: Value; cellCount: number }[] };

/** What a feed statement reads: every value or placeholder, and its filters (filtersOf). */
export type FeedValues = {
  point: Circle | null;
  cursor: { createdUs: Value; id: Value } | null;
  take: Value;
  offset: Value;
  category: Value | null;
  /** A search's rule (search-rule.ts), or null. */
  terms: SQL | null;
  /** Only businesses open at `at`, whose India minute of the week is `minute` (openNowFilter); null: every post. */
  openNow: { at: Value; minute: Value } | null;
  visitorId: string | Placeholder | undefined;
};

/**
 * A statement's filters: a listed post, the category (not when `leaveOut`: an index's keys already hold
 * only its posts), a search's rule, open now. The rule and open now are checked on each row a walk reads.
 */
export function filtersOf(v: Pick<FeedValues, 'category' | 'terms' | 'openNow'>, leaveOut: 'category' | null = null): SQL {
  const parts = [LISTED_POST];
  if (v.category !== null && leaveOut !== 'category') parts.push(sql`lower(p.category) = lower(${v.category})`);
  if (v.terms) parts.push(v.terms);
  if (v.openNow) parts.push(openNowFilter(v.openNow.at, v.openNow.minute));
  return sql.join(parts, sql` AND `);
}

/** The great-circle distance from a point to `p`, in km. */
export function distanceSql(lat: Value, lon: Value): SQL {
  return sql`(2 * ${literal(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    power(sin(radians(p.lat - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(p.lat)) * power(sin(radians(p.lon - ${lon}::float8) / 2), 2)))))`;
}

export function usToTimestamp(us: Value): SQL {
  return sql`(timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond')`;
}

export function keysetBefore(cursor: NonNullable<FeedValues['cursor']>): SQL {
  return sql`(p.created_at, p.id) < (${usToTimestamp(cursor.createdUs)}, ${cursor.id}::uuid)`;
}

export const within = (point: Circle): SQL => sql`${distanceSql(point.lat, point.lon)} <= ${point.radiusKm}::float8`;

/**
 * A page's statement: the ids (`ids`, newest first) joined to the post, its business and the visitor's
 * like. LIMIT keeps the business a lookup per post: a generic plan hashed every business instead.
 */
export function page(ids: SQL, visitorId: string | Placeholder | undefined, offset: Value): SQL {
  return sql`
    WITH ${ids}
    SELECT ${POST_COLUMNS}, ${likedByMeColumn(visitorId)}
    FROM ids JOIN posts p ON p.id = ids.id
    CROSS JOIN LATERAL (SELECT * FROM users u WHERE u.id = p.user_id LIMIT 1) AS u
    ORDER BY p.created_at DESC, p.id DESC OFFSET ${offset}::int`;
}

/**
 * One UNION ALL branch per cell of the cover: `select` of the cell's posts that meet `conditions`, newest
 * first, cut at `limit` (a constant: a generic plan then walks the ranges instead of sorting them). A
 * Merge Append reads each range only as far as the page needs (ADR 024).
 */
export function cellBranches(point: Circle, conditions: SQL[], select: SQL, limit: SQL = literal(MAX_TAKE)): SQL {
  const branches = point.parts.flatMap((part) =>
    Array.from(
      { length: part.cellCount },
      (_, i) => sql`(
      SELECT ${select} FROM posts p
      WHERE ${sql.raw(part.grid.column)} = (${part.cells}::int[])[${literal(i + 1)}] AND ${sql.join(conditions, sql` AND `)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit})`,
    ),
  );
  return sql.join(branches, sql` UNION ALL `);
}

/** Newest first within the radius (cellBranches); `window`, an interval back from the cursor (or now), bounds it. */
export function nearIds(v: FeedValues, point: Circle, window: SQL | null): SQL {
  const conditions: SQL[] = [within(point), filtersOf(v)];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  if (window) conditions.push(sql`p.created_at >= ${v.cursor ? usToTimestamp(v.cursor.createdUs) : sql`now()`} - ${window}`);
  return sql`
    SELECT near.id, near.created_at FROM (${cellBranches(point, conditions, sql`p.id, p.created_at`)}) AS near
    ORDER BY near.created_at DESC, near.id DESC LIMIT ${v.take}::int`;
}

/**
 * Newest first over every post: posts_created_idx, or with a category posts_category_created_idx written
 * as a range (ADR 039: with `=` a generic plan walked posts_created_idx). The inner LIMIT is a constant so
 * that a generic plan walks the index instead of sorting. `rows`: every column.
 */
export function allIds(v: FeedValues, columns: 'ids' | 'rows' = 'ids'): SQL {
  const byCategory = v.category !== null;
  const conditions: SQL[] = [filtersOf(v, 'category')];
  if (byCategory) conditions.push(sql`lower(p.category) >= lower(${v.category}) AND lower(p.category) <= lower(${v.category})`);
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  return sql`
    SELECT * FROM (
      SELECT ${columns === 'rows' ? sql`p.*` : sql`p.id, p.created_at`} FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${byCategory ? sql`lower(p.category), ` : sql``}p.created_at DESC, p.id DESC LIMIT ${literal(MAX_TAKE)}
    ) AS newest LIMIT ${v.take}::int`;
}

/**
 * One step of a statement: its CTEs, the CTE it answers with, and whether that answer is final; `skip`,
 * when true, leaves it out (an earlier step proved it cannot be final).
 */
export type Step = { ctes: [name: string, body: SQL][]; answer: string; final: SQL; skip?: SQL };

/**
 * Steps in one statement: each later step's first CTE is gated by no earlier step being final and its
 * `skip` being false (a one-time filter: when false the branch never runs); the first final step (or the
 * last) answers.
 */
export function staged(steps: Step[]): SQL {
  const finals = steps.map((s) => (s.skip ? sql`(NOT ${s.skip} AND ${s.final})` : s.final));
  const ctes: SQL[] = [];
  const answers: SQL[] = [];
  steps.forEach((step, i) => {
    const gates = finals.slice(0, i).map((final) => sql`NOT ${final}`);
    if (step.skip) gates.push(sql`NOT ${step.skip}`);
    step.ctes.forEach(([name, body], j) => {
      const gate = j === 0 && gates.length > 0 ? sql`WHERE ${sql.join(gates, sql` AND `)}` : sql``;
      ctes.push(sql`${sql.raw(name)} AS MATERIALIZED (SELECT * FROM (${body}) AS s ${gate})`);
    });
    const from = sql`SELECT id, created_at FROM ${sql.raw(step.answer)}`;
    answers.push(i === steps.length - 1 ? from : sql`${from} WHERE ${finals[i]}`);
  });
  return sql`${sql.join(ctes, sql`, `)}, ids AS (${sql.join(answers, sql` UNION ALL `)})`;
}

export const countOf = (name: string): SQL => sql`(SELECT count(*) FROM ${sql.raw(name)})`;

/**
 * Days of the windows a located feed without a search tries before an unbounded walk, a statement each
 * (ADR 029): a window that fills the page is exact, and it bounds the work in a cell the circle grazes.
 */
const WINDOW_DAYS = [1, 16] as const;

/** The statements of a located feed without a search: its windows from `fromWindow`, then every post. */
export function windowedNearIds(v: FeedValues, point: Circle, fromWindow: number): SQL[] {
  const windows = [...WINDOW_DAYS.map((days) => sql.raw(`interval '${days} days'`)), null];
  return windows.flatMap((window, i) =>
    i < fromWindow
      ? []
      : [
          staged([
            { ctes: [[`w${i}`, nearIds(v, point, window)]], answer: `w${i}`, final: sql`${countOf(`w${i}`)} >= ${v.take}::int` },
          ]),
        ],
  );
}

/**
 * The first of WINDOW_DAYS a page tries (WINDOW_DAYS.length: none): the first expected to hold `take`
 * posts at `perDay` posts a day (null, unknown: every window). A smaller one descends every cell for too few rows.
 */
export function firstWindow(perDay: number | null, take: number): number {
  if (perDay === null) return 0;
  const i = WINDOW_DAYS.findIndex((days) => perDay * days >= take);
  return i === -1 ? WINDOW_DAYS.length : i;
}
