// The feed's walk and its search planner (ADR 012 and the ADRs that amend it). Over the usual size: the
// search's redesign into small files by job (the walk, the search steps, the estimate, the rule) is
// planned work; until then, changes here keep the oracle tests (feed-search*.test.ts) passing.
import { hash } from 'node:crypto';
import { EARTH_RADIUS_KM, FEED_MAX_LIMIT, FEED_MAX_OFFSET, type FeedQuery, type Post, indiaMinuteOfWeek } from '@aaspaas/domain';
import { Placeholder, type QueryWithTypings, type SQL, is, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import { type Db, type DbHandle, isConnectionError } from '#src/db/client';
import { AppError } from '#src/lib/app-error';
import { type Cover, type Grid, KM_PER_DEGREE_LAT, cellsForCircle, chooseCover } from './feed-cells';
import { decodeCursor, encodeCursor } from './feed-cursor';
import { POST_COLUMNS, type PostRowData, likedByMeColumn, toPost } from './post-row';
import {
  DAY_MS,
  type IndexCondition,
  LISTED_POST,
  type SearchShares,
  openNowFilter,
  type TermShape,
  categoryShare,
  indexConditionsSql,
  indexValues,
  nameMatchesQuery,
  namePatterns,
  rareTagRange,
  readSearchShares,
  searchIndexSteps,
  searchTerms,
  termsFilter,
} from './post-filters';

/**
 * Days of the time windows tried before an unbounded walk, newest first: a window that fills the page is
 * exact (every post outside it is older than every post inside), and it bounds the work in a cell the
 * circle only grazes (docs/performance.md, Budgets). A window the posting rate says cannot fill the
 * page is not tried (firstWindow, ADR 029).
 */
const WINDOW_DAYS = [1, 16] as const;
/**
 * A search's first window in days (its index step, and its ordered walk when a term is too common there
 * for every match): the last two. Each later window is sized from the matches the one before found
 * (ADR 018), up to SEARCH_MAX_SIZED_DAYS; past that, every day.
 */
const SEARCH_FIRST_DAYS = 2;
/** Later windows a search may size from the one before before it asks every day (ADR 018). */
const SEARCH_SIZED_WINDOWS = 2;
/**
 * The widest sized window: a window's spans are keys of posts_search_idx that its index step looks up one
 * by one (about 4–5 buffers each), so beyond this the every-day step (no time key) costs less.
 */
const SEARCH_MAX_SIZED_DAYS = 128;
/**
 * Days in a span key of posts_search_idx (posts_span, migration 0024): a sized window starts on a span's
 * first day, so its index step asks a few span keys instead of a key per day (ADR 024).
 */
const SPAN_DAYS = 16;
/** A sized window aims at this many pages' worth of matches, so a slightly uneven density still fills one. */
const SEARCH_WINDOW_MARGIN = 3;
/** A window that found no match is followed by one this many times as long. */
const SEARCH_EMPTY_GROWTH = 8;
/**
 * A search's probe reads the newest posts (of the category) of the circle's cells, up to this many
 * pages' worth (more when the statistics say these would hold fewer than SEARCH_PROBE_MATCH_PAGES pages
 * of matches), and keeps those within the circle that hold its terms: a common term fills its page
 * there, and the walk stops when it has (page ÷ the share matching rows), before any index step (ADR 027).
 */
const SEARCH_PROBE_PAGES = 20;
/**
 * Pages of matches the probe's rows should hold by the statistics (searchProbeRows): a share a little
 * high, or a circle whose newest posts lie a little outside it, still fills the page from them.
 */
const SEARCH_PROBE_MATCH_PAGES = 3;
/**
 * The probe is tried when the statistics say at least this share of its rows match (within the circle,
 * holding the terms). It then stops after about a page ÷ this rows (200 for a page of 10), and reads
 * all its rows, 3 pages ÷ this (600), only when the matches are fewer among the newest posts than the
 * statistics say. Rural 100 km `#offer` (6 % by the statistics) read 245 buffers at 10M posts through
 * it, 768 through the index steps (ADR 041). Rarer shares are left to the index steps: a failing probe
 * would read more (1,000 rows at 3 %), and no search of the matrix has one.
 */
const SEARCH_PROBE_MIN_SHARE = 0.05;
/** Matches a search step reads from the index before it takes the term for a common one (ADR 012). */
const SEARCH_CANDIDATE_CAP = 400;
/**
 * A search may leave its sized windows out when the statistics say its every-day step finds at most
 * this many candidates (searchFrom, ADR 031): half the cap, so a misjudged share still leaves room
 * before that step takes the term for a common one. Without a circle, whose candidates are all
 * matches, it is also the most that step may be asked first for (ADR 043).
 */
const SEARCH_FEW_CANDIDATES = SEARCH_CANDIDATE_CAP / 2;
/**
 * A search asks every day's index step first when the statistics say it finds at most this many
 * candidates (searchFrom, ADR 037). It reads about 2 buffers a candidate (its lists, then its rows);
 * a sized window's step about 10 a candidate in its days (its span keys), and the windows read one
 * after another until a page. The statistics count the circle's cells' posts that meet the index
 * conditions, and the step is final when fewer than the cap of those lie within the radius and hold
 * every term (town and rural 100 km `fresh paneer` at 10M posts: 343 and 351 candidates, fewer than
 * 210 and 121 of them matches), so they may count half as many again.
 */
const SEARCH_EVERY_DAY_FIRST = SEARCH_CANDIDATE_CAP * 1.5;
/** Where a search's tag step is tried, and how far it reads (ADR 035). */
export type TagStepLimits = {
  /**
   * Most entries of post_tags_tag_created_idx it reads; past them the `#term` is left to
   * posts_search_idx, whose steps then run in the same statement.
   */
  cap: number;
  /**
   * A circle of at most `fewCells` cells, whose cells hold at most `smallCirclePosts` posts by the
   * statistics, finds a rare tag through posts_search_idx for less than the tag step reads (tagStepPays).
   */
  fewCells: number;
  smallCirclePosts: number;
};
/** 5,000 entries are about 45 pages of the index. */
const TAG_STEP: TagStepLimits = { cap: 5000, fewCells: 16, smallCirclePosts: 20_000 };
/** How long a process keeps the search statistics it read: ANALYZE changes them seldom, and a stale share changes only cost. */
const SEARCH_SHARES_TTL_MS = 60_000;
/** The most rows a page can ask for: the deepest offset and the largest page. */
const MAX_TAKE = FEED_MAX_OFFSET + FEED_MAX_LIMIT;

export type FeedPage = { posts: Post[]; nextCursor: string | null };

/**
 * A value of a listing statement: the value itself, or a placeholder filled at execution when the
 * statement is prepared once for every request of its shape.
 */
type Value = string | number | Placeholder;
const placeholder = (name: string): Placeholder => sql.placeholder(name);
/** A constant of ours written into the statement's text (not a parameter): the same in every plan. */
const literal = (n: number): SQL => sql.raw(String(n));

/**
 * A statement's filters: a listed post, the category, a search's terms, open now, in that order; without
 * the category's condition (`leaveOut`) where the index keys already match only its posts (candidateIds).
 * Open now is no index's key: like a term, it is checked on each row the walk reads, so every step
 * stays exact (ADR 032).
 */
function filtersOf(v: Pick<FeedValues, 'category' | 'terms' | 'openNow'>, leaveOut: 'category' | null = null): SQL {
  const parts = [LISTED_POST];
  if (v.category !== null && leaveOut !== 'category') parts.push(sql`lower(p.category) = lower(${v.category})`);
  if (v.terms) parts.push(v.terms);
  if (v.openNow) parts.push(openNowFilter(v.openNow.at, v.openNow.minute));
  return sql.join(parts, sql` AND `);
}

/** The great-circle distance from a point to `p`, in km. */
function distanceSql(lat: Value, lon: Value): SQL {
  return sql`(2 * ${literal(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
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

/** A part of a circle's cover in a statement: its grid, and its cells as a value (an int[]) and how many. */
type CellPart = { grid: Grid; cells: Value; cellCount: number };

/**
 * A search's circle is covered by one grid (chooseCover, not `mixed`: ADR 036): its LATERAL walks and
 * index steps are written for one. Its probe walks cellBranches, as the feed does, which take any cover.
 */
function searchPart(point: { parts: CellPart[] }): CellPart {
  if (point.parts.length !== 1) throw new Error('a search walks a cover of one grid');
  return point.parts[0]!;
}

/** What a feed statement reads: every value or placeholder, and its filters (filtersOf). */
type FeedValues = {
  /**
   * The circle: its centre and radius, and the parts of its cover (chooseCover), each a grid and that
   * grid's cells (`cells`, an int[], `cellCount` of them).
   */
  point: { lat: Value; lon: Value; radiusKm: Value; parts: CellPart[] } | null;
  cursor: Keyset | null;
  take: Value;
  offset: Value;
  /** Windows only without offset, where "a full page" is known from the rows. */
  windowed: boolean;
  /** The category filtered on, or null. */
  category: Value | null;
  /** A search's terms (termsFilter), or null. */
  terms: SQL | null;
  /** Only businesses open at `at`, whose India minute of the week is `minute` (openNowFilter); null: every post. */
  openNow: { at: Value; minute: Value } | null;
  visitorId: string | Placeholder | undefined;
  /** The first of the windows a walk without a search tries (firstWindow): the earlier ones are not in its statement. */
  fromWindow: number;
};

/**
 * One statement per page: the ids (`ids`, newest first) joined to the post, its business and
 * the visitor's like — a single round trip to the database (the hot path, docs/performance.md, Budgets).
 * The business is looked up per post (LIMIT keeps the subquery a lookup): a generic plan, which does
 * not know how few ids come, hashed every business instead (10,000 rows read for a page of 10).
 */
function page(ids: SQL, visitorId: string | Placeholder | undefined, offset: Value): SQL {
  return sql`
    WITH ${ids}
    SELECT ${POST_COLUMNS}, ${likedByMeColumn(visitorId)}
    FROM ids JOIN posts p ON p.id = ids.id
    CROSS JOIN LATERAL (SELECT * FROM users u WHERE u.id = p.user_id LIMIT 1) AS u
    ORDER BY p.created_at DESC, p.id DESC OFFSET ${offset}::int`;
}

/**
 * Newest first within the radius: one index range per cell of the circle's grid, merged newest first
 * (a Merge Append of the cells' ranges, ADR 024). The merge reads each range only as far as the page
 * needs, so the whole circle costs about a page's worth of rows plus one index descent per cell,
 * however dense its cells; the grid keeps the cells few. Each branch's LIMIT is a constant so a
 * generic plan (LIMIT as a placeholder) still walks the ranges instead of sorting them. Not `merged`:
 * one LATERAL subquery reads each cell's newest `take` rows, then they are merged (ADR 002): more rows,
 * but one subquery to plan whatever the number of cells.
 */
function nearIds(v: FeedValues, point: NonNullable<FeedValues['point']>, window: SQL | null, merged = true): SQL {
  const conditions: SQL[] = [sql`${distanceSql(point.lat, point.lon)} <= ${point.radiusKm}::float8`, filtersOf(v)];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  if (window) conditions.push(sql`p.created_at >= ${v.cursor ? usToTimestamp(v.cursor.createdUs) : sql`now()`} - ${window}`);
  if (!merged) {
    const { grid, cells } = searchPart(point);
    return sql`
    SELECT near.id, near.created_at FROM unnest(${cells}::int[]) AS c(cell)
    CROSS JOIN LATERAL (
      SELECT p.id, p.created_at FROM posts p WHERE ${sql.raw(grid.column)} = c.cell AND ${sql.join(conditions, sql` AND `)}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${v.take}::int
    ) AS near
    ORDER BY near.created_at DESC, near.id DESC LIMIT ${v.take}::int`;
  }
  return sql`
    SELECT near.id, near.created_at FROM (${cellBranches(point, conditions, sql`p.id, p.created_at`)}) AS near
    ORDER BY near.created_at DESC, near.id DESC LIMIT ${v.take}::int`;
}

/**
 * One UNION ALL branch per cell of the circle's cover, each on its part's grid: `select` of the cell's
 * posts that meet `conditions`, newest first, for a Merge Append (nearIds), each cut at `limit`
 * (MAX_TAKE unless told).
 */
function cellBranches(
  point: NonNullable<FeedValues['point']>,
  conditions: SQL[],
  select: SQL,
  limit: SQL = literal(MAX_TAKE),
): SQL {
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

/**
 * One step of a staged lookup: its CTEs (the first gated), the rows it answers with, and whether
 * that answer is final. A later step runs only when no earlier one was final.
 */
type Step = { ctes: [name: string, body: SQL][]; answer: string; final: SQL; when?: SQL };

/**
 * A lookup's steps as statements, run one after another until one answers a full page (the feed's
 * `firstFullPage`), the last whatever it finds; steps that read another's rows share a statement
 * (staged). PostgreSQL sets up every node of a statement's plan before it runs one, the steps it then
 * skips included: with every step in one statement, a page its first step answered paid that setup for
 * all the others (ADR 034). A full page is a final step's answer: what a statement before the last
 * answers with (a window's walk, a probe, the first window's index step) makes a full page only when
 * final. A statement that comes short is followed by the next, which alone is exact (a step left out
 * of a statement changes what is read, never what is found, ADR 032).
 */
type Tiers = Step[][];

/**
 * Steps in one statement: each later step's first CTE is gated by the earlier steps not being final
 * and by its own `when` (PostgreSQL evaluates that one-time filter once and, when false, never runs
 * the branch), and the first final step (or the last) answers. Steps that read nothing of another's
 * go in statements of their own (Tiers).
 */
function staged(steps: Step[]): SQL {
  const ctes: SQL[] = [];
  const answers: SQL[] = [];
  steps.forEach((step, i) => {
    const earlier = steps.slice(0, i).map((s) => sql`NOT ${s.final}`);
    if (step.when) earlier.push(step.when);
    step.ctes.forEach(([name, body], j) => {
      const gate = j === 0 && earlier.length > 0 ? sql`WHERE ${sql.join(earlier, sql` AND `)}` : sql``;
      ctes.push(sql`${sql.raw(name)} AS MATERIALIZED (SELECT * FROM (${body}) AS s ${gate})`);
    });
    const from = sql`SELECT id, created_at FROM ${sql.raw(step.answer)}`;
    answers.push(i === steps.length - 1 ? from : sql`${from} WHERE ${step.final}`);
  });
  return sql`${sql.join(ctes, sql`, `)}, ids AS (${sql.join(answers, sql` UNION ALL `)})`;
}

/** A time window's step: final when it fills the page (every post outside it is older). */
function windowStep(name: string, body: SQL, take: Value): Step {
  return { ctes: [[name, body]], answer: name, final: sql`(SELECT count(*) FROM ${sql.raw(name)}) >= ${take}::int` };
}

/**
 * The windows of WINDOW_DAYS near a point, then every post (ADR 002, ADR 006), a statement each; those
 * before `v.fromWindow` are left out (ADR 029, ADR 032). The last is always there to run: a window
 * left out changes what is read, never what is found.
 */
function windowedNearIds(v: FeedValues, point: NonNullable<FeedValues['point']>): Tiers {
  const windows = [...WINDOW_DAYS.map((days) => sql.raw(`interval '${days} days'`)), null];
  return windows.flatMap((window, i) => (i < v.fromWindow ? [] : [[windowStep(`w${i}`, nearIds(v, point, window), v.take)]]));
}

/**
 * The first of WINDOW_DAYS a located feed's page tries (its index; WINDOW_DAYS.length: none, straight to
 * every post), from `perDay`, about how many of the posts it lists are made a day (circlePerDay): the
 * first window expected to hold the page (`take` posts). A window expected to hold fewer would, most
 * likely, only descend every cell's index for too few rows before the next one (240 buffers a window
 * for 60 cells, ADR 029). Null (unknown): every window.
 */
export function firstWindow(perDay: number | null, take: number): number {
  if (perDay === null) return 0;
  const i = WINDOW_DAYS.findIndex((days) => perDay * days >= take);
  return i === -1 ? WINDOW_DAYS.length : i;
}

/**
 * About how many of the posts a walk lists (`walk`, probeWalk: its cells' posts of the category, the part
 * of them within the circle) are made a day, at the posting rate of the statistics. Null when unknown.
 */
export function circlePerDay(shares: SearchShares | null, walk: ProbeWalk): number | null {
  if (!shares?.perDay || !(shares.posts > 0) || walk.posts === null || walk.inside === null) return null;
  return (shares.perDay * walk.posts * walk.inside) / shares.posts;
}

/**
 * Newest first over every post (no point), stopping after a page: the posts_created_idx range, or with a
 * category and no window its posts_category_created_idx range (categoryRange).
 */
function allIds(v: FeedValues, window: SQL | null, columns: 'ids' | 'rows' = 'ids'): SQL {
  const byCategory = v.category !== null && window === null;
  const conditions: SQL[] = byCategory ? [filtersOf(v, 'category'), categoryRange(v.category!)] : [filtersOf(v)];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  if (window) conditions.push(sql`p.created_at >= ${v.cursor ? usToTimestamp(v.cursor.createdUs) : sql`now()`} - ${window}`);
  // The inner LIMIT is a constant: a prepared statement's generic plan takes `LIMIT $1` for 10 % of
  // the table and prefers reading and sorting every post (seconds at 1M posts) to walking the index;
  // told at most MAX_TAKE rows it walks posts_created_idx, and stops when the outer LIMIT has its page.
  return sql`
    SELECT * FROM (
      SELECT ${columns === 'rows' ? sql`p.*` : sql`p.id, p.created_at`} FROM posts p WHERE ${sql.join(conditions, sql` AND `)}
      ORDER BY ${byCategory ? sql`lower(p.category), ` : sql``}p.created_at DESC, p.id DESC LIMIT ${literal(MAX_TAKE)}
    ) AS newest LIMIT ${v.take}::int`;
}

/**
 * A category's posts, written as the one range of posts_category_created_idx they are (ADR 039), for a
 * walk ordered by lower(category) first, an order no other index gives. Written `=`, PostgreSQL takes
 * lower(category) for a constant and drops it from the order; a generic plan, which takes a category
 * for 1/n_distinct of the posts, then walked posts_created_idx past every other category's posts: all
 * of them for a category nobody has posted in (38,000 buffers, 0.8–2.5 s at 1M posts). Not for a
 * window's walk: a bound on created_at stops a walk only after `=` on the column before it.
 */
function categoryRange(category: Value): SQL {
  return sql`lower(p.category) >= lower(${category}) AND lower(p.category) <= lower(${category})`;
}

/**
 * Every match of a search in a window (`window`: its days' or spans' keys of posts_search_idx, which
 * the statement may compute from an earlier step; every day when null), found through posts_search_idx
 * within the circle's cells, up to SEARCH_CANDIDATE_CAP rows in no order: fewer than the cap means these
 * are all the window's matches.
 */
function candidateIds(v: FeedValues, index: SQL, window: SQL | null): SQL {
  // Near a point the category is in the keys asked (below), which match only its posts. Its own
  // condition, a btree's too, made the generic plan AND that btree's every post of the category into
  // the bitmap (300 buffers for 50,000 Tailor posts at 10M).
  const byKeys = v.point !== null && v.category !== null;
  const conditions: SQL[] = [filtersOf(v, byKeys ? 'category' : null), index];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  if (window) conditions.push(window);
  if (v.point) {
    // The cells as an array: one bitmap scan of the GIN index answers cells, days and terms together
    // and reads the posting lists once (asked per cell, PostgreSQL read a common word's whole list
    // again for every cell: 34 times at 100 km). With a category, its posts of those cells
    // (posts_category_cells, ADR 031): a city's cells hold hundreds of thousands of posts, whose lists
    // a GIN step would advance to every candidate for a category few of them have.
    const { grid, cells } = searchPart(v.point);
    const place = !byKeys
      ? sql`ARRAY[${sql.raw(grid.column)}] && ${cells}::int[]`
      : sql`posts_category_cells(p.category, p.cell, p.lat, p.lon)
            && ARRAY(SELECT ${sql.raw(`'${grid.perDegree}:'`)} || c || ':' || lower(${v.category}::text) FROM unnest(${cells}::int[]) AS c)`;
    conditions.push(place, sql`${distanceSql(v.point.lat, v.point.lon)} <= ${v.point.radiusKm}::float8`);
  }
  return sql`SELECT p.id, p.created_at FROM posts p WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${literal(SEARCH_CANDIDATE_CAP)}`;
}

/** A search's index conditions: its first window's, and the later windows' (searchIndexSteps, ADR 023). */
type SearchIndex = { first: SQL; later: SQL };

/**
 * A search's probe: how many of the newest posts it reads (`rows`, at most MAX_TAKE: every walk's
 * branch stops there). Its walk has every filter of the statement except the terms, which it checks on the rows.
 */
type SearchProbe = { rows: Value };

/**
 * The probe step (ADR 027): the newest `rows` posts the walk lists in the circle's cells (or anywhere,
 * without a circle), whatever their text or distance, then those within the radius holding the terms.
 * Final when they fill the page, and then exact: every post of the circle the walk did not reach is
 * older than every one it read; final too when the walk ran out before `rows` (a last page): it read
 * every post there is. Read by cell, not radius, the walk costs `rows` rows at most: within
 * the radius, a cell the circle only grazes was read until one of its posts lay inside (1,289 rows,
 * a year of a rural cell, at 1M posts).
 */
function probeStep(v: FeedValues, probe: SearchProbe): Step {
  const walk = { ...v, terms: null };
  const conditions = [filtersOf(walk)];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  // Each cell's branch stops at the probe's rows, a placeholder: a search's generic plan (bitmap scans
  // on) takes a cell for its average number of posts (1/n_distinct: 1,272 at 10M), and told it may
  // need up to MAX_TAKE of them it read every post of each cell by bitmap and sorted them (150,000
  // rows a dense cell, 517,000 buffers, 3 s at 10M). A limit it cannot see it takes for a tenth of
  // the rows, which an ordered index scan gives for less.
  const newest = v.point
    ? sql`SELECT near.* FROM (${cellBranches(v.point, conditions, sql`p.*`, sql`${probe.rows}::int`)}) AS near
      ORDER BY near.created_at DESC, near.id DESC LIMIT ${probe.rows}::int`
    : allIds({ ...walk, take: probe.rows }, null, 'rows');
  const within = v.point ? sql` AND ${distanceSql(v.point.lat, v.point.lon)} <= ${v.point.radiusKm}::float8` : sql``;
  const found = sql`(SELECT count(*) FROM p0)`;
  return {
    // The walk is read once, as far as its readers go: a materialized CTE runs only as its rows are
    // asked for, and keeps them for the next reader. p0 reads it newest first (its rows in the order the
    // walk made them) until a page of matches; p0n, only when p0 is short of a page, counts it, reading
    // on where p0 stopped. Counted by a second walk, a short probe read its rows twice (499 buffers
    // more for town 100 km, `#offer`, at 10M).
    ctes: [
      ['pw', newest],
      ['p0', sql`SELECT p.id, p.created_at FROM pw AS p WHERE ${v.terms ?? sql`true`}${within} LIMIT ${v.take}::int`],
      ['p0n', sql`SELECT count(*) AS n FROM pw WHERE ${found} < ${v.take}::int`],
    ],
    answer: 'p0',
    final: sql`(${found} >= ${v.take}::int OR (SELECT n FROM p0n) < ${probe.rows}::int)`,
  };
}

/**
 * The tag step (ADR 035): the posts holding a tag that starts with a search's one `#term`
 * (rareTagRange), from post_tags' range of those tags, up to `cap` entries (TagStepLimits). The range
 * is filtered by the circle, category and cursor on the index's own columns and sorted, and only its
 * newest entries are looked up in posts, in order, until a page of them is listed. Final whenever the
 * range held at most the cap: its page, or every match there is, is then exact. Beyond the cap the
 * term is not rare, and the steps after it (posts_search_idx's) run in the same statement.
 */
function tagStep(v: FeedValues, cap: number): Step {
  const range = sql`(t.tag COLLATE "C") >= ${placeholder('tagFrom')} AND (t.tag COLLATE "C") < ${placeholder('tagTo')}`;
  // Counted once (t0n), without keeping the rows: reading the range again with its filters cost less
  // than keeping it for them (0.59 ms against 0.82 for 2,000 entries at 10M posts).
  const withinCap = sql`(SELECT n FROM t0n) <= ${literal(cap)}`;
  const conditions: SQL[] = [withinCap];
  if (v.point) {
    const { lat, lon, radiusKm } = v.point;
    // The latitude's band first: it leaves out most of India's posts for two subtractions each.
    conditions.push(
      sql`abs(p.lat - ${lat}::float8) <= ${radiusKm}::float8 / ${literal(KM_PER_DEGREE_LAT)}`,
      sql`${distanceSql(lat, lon)} <= ${radiusKm}::float8`,
    );
  }
  if (v.category !== null) conditions.push(sql`p.category = lower(${v.category})`);
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  return {
    ctes: [
      ['t0n', sql`SELECT count(*) AS n FROM (SELECT FROM post_tags t WHERE ${range} LIMIT ${literal(cap + 1)}) AS r`],
      [
        't0',
        sql`SELECT p.id, p.created_at FROM (
            SELECT p.id, p.created_at FROM (
              SELECT t.post_id AS id, t.created_at, t.lat, t.lon, t.category FROM post_tags t WHERE ${range}
            ) AS p WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY p.created_at DESC, p.id DESC
          ) AS t JOIN posts p ON p.id = t.id
          WHERE ${filtersOf(v, 'category')}
          ORDER BY t.created_at DESC, t.id DESC LIMIT ${v.take}::int`,
      ],
    ],
    answer: 't0',
    final: withinCap,
  };
}

/**
 * A search (ADR 012, ADR 018), in windows of days. For each window, first every match from the index
 * (the terms' posting lists within the window's days and the circle's cells): fewer than
 * SEARCH_CANDIDATE_CAP and at least a page is the answer, sorted and cut (a page in the window is exact:
 * every post outside it is older); the cap reached means the term is common here, and the window's posts
 * are walked newest first instead (ADR 002's ordered ranges), where a common term fills the page after a
 * few rows. Fewer than a page goes on to the next window, sized from what this one found: the matches'
 * density (k in d days) says about how many days hold a page, d × take / k, with a margin; none found
 * multiplies d by SEARCH_EMPTY_GROWTH. d is the time the window before has held posts, from its first
 * day's start to the anchor, and a window's size is the days it reaches back from the anchor (ADR 040).
 * A window past SEARCH_MAX_SIZED_DAYS is left out, and the last step reads every day. Every step is
 * exact; the sizes only decide how much each reads. The first window's index step asks `index.first`,
 * the later ones `index.later`, without the terms the statistics call common (ADR 023): over months
 * their posting lists are long, the rows the rare ones find are few.
 * `from` leaves the first window's or the sized windows' steps out, or puts the first window's walk
 * or every day's index step first (searchFrom; ADR 031, ADR 032, ADR 033, ADR 037). Statements
 * (Tiers, ADR 034): the probe; the first window's walk when first; then, when `apart.first` (the
 * statistics expect the first window to fill the page), the first window's steps, the sized windows
 * and every day's, each a statement; the sized windows are sized from `apart.firstFound` (the first
 * window's matches, which its statement answers with when they are fewer than a page), or are in the
 * first window's statement, sized from what it found, when that is null (an offset page, whose rows do
 * not say how many it found). Otherwise the windows and every day's step are one statement: a rare
 * term's page is mostly found after its first window, and each statement that comes short costs a
 * round trip.
 */
function searchIds(
  v: FeedValues,
  index: SearchIndex,
  { lastDay, firstDayKeys, anchorDays }: SearchAnchor,
  from: SearchFrom,
  probe: SearchProbe | null,
  apart: SearchApart,
): Tiers {
  // A search's walks are LATERAL, one subquery per walk: a branch per cell in each of its four walks took
  // 25–57 ms to plan where LATERAL took 11–14 (ADR 024). Since a search is planned once per connection
  // (ADR 025), the merged form has not been measured for it again.
  const ordered = (window: SQL | null) => (v.point ? nearIds(v, v.point, window, false) : allIds(v, window));
  const count = (name: string) => sql`(SELECT count(*) FROM ${sql.raw(name)})`;
  const indexStep = (found: string, window: SQL | null, final: SQL, when?: SQL): Step => ({
    ctes: [
      [found, candidateIds(v, found === 'g0' ? index.first : index.later, window)],
      [`${found}p`, sql`SELECT * FROM ${sql.raw(found)} ORDER BY created_at DESC, id DESC LIMIT ${v.take}::int`],
    ],
    answer: `${found}p`,
    final,
    when,
  });
  const windowFinal = (found: string) => sql`(${count(found)} BETWEEN ${v.take}::int AND ${literal(SEARCH_CANDIDATE_CAP - 1)})`;
  const orderedStep = (i: number, found: string, window: SQL): Step => ({
    ...windowStep(`w${i}`, ordered(window), v.take),
    when: sql`${count(found)} >= ${literal(SEARCH_CANDIDATE_CAP)}`,
  });

  const firstInterval = sql.raw(`interval '${SEARCH_FIRST_DAYS} days'`);
  const last = `g${SEARCH_SIZED_WINDOWS + 1}`;
  const everyDay = indexStep(last, null, sql`${count(last)} < ${literal(SEARCH_CANDIDATE_CAP)}`);
  const tiers: Tiers = probe ? [[probeStep(v, probe)]] : [];
  // The first window's walk alone, ungated (ADR 033); or after its index step, when that finds the cap.
  if (from === 3) tiers.push([windowStep('w0', ordered(firstInterval), v.take)]);
  // Every day's index step first (ADR 037): the windows run only when it finds the cap.
  let steps: Step[] = from === 4 ? [everyDay] : [];
  const sizedApart = apart.firstFound !== null;
  if (hasFirstWindow(from)) {
    // With the sized windows apart, the first window's index step answers whenever it did not find the
    // cap: its page when it holds one, else every match it found, which the next statement is sized from.
    const answers = sizedApart ? sql`${count('g0')} < ${literal(SEARCH_CANDIDATE_CAP)}` : windowFinal('g0');
    steps.push(
      indexStep('g0', sql`ARRAY[posts_day(p.created_at)] && ${firstDayKeys}::int[]`, answers),
      orderedStep(0, 'g0', firstInterval),
    );
  }
  if (sizedApart) {
    tiers.push(steps);
    steps = [];
  }
  // How long the window before has held posts, in days (from its first day's start to the anchor), and
  // what its index step found, as SQL the statement evaluates once. The first window's days end at the
  // anchor: early in a UTC day it has held little more than yesterday, and counting its day keys (three
  // on a first page) sized the next window as if its matches were thinly spread (ADR 040).
  const anchor = sql`${anchorDays}::float8`;
  let previousDays: SQL = sql`(${anchor} - floor(${anchor}) + ${literal(SEARCH_FIRST_DAYS - 1)})`;
  let previous = 'g0';
  for (let i = 1; i <= (hasSizedWindows(from) ? SEARCH_SIZED_WINDOWS : 0); i++) {
    const found = `g${i}`;
    const k = i === 1 && sizedApart ? sql`${apart.firstFound}::int` : count(previous);
    // The days back from the anchor the window must reach.
    const size = sql`ceil(CASE WHEN ${k} = 0 THEN ${previousDays} * ${literal(SEARCH_EMPTY_GROWTH)}
      ELSE greatest(${previousDays} * 2, ${previousDays} * ${v.take}::int * ${literal(SEARCH_WINDOW_MARGIN)} / ${k}) END)::int`;
    // The window's first day, moved back to its span's first: the window is whole spans (and the days
    // since the last span began), a few keys however long.
    const span = literal(SPAN_DAYS);
    const firstDay = sql`(floor((${anchor} - ${size}) / ${span}) * ${span})::int`;
    const days = sql`(${lastDay}::int + 1 - ${firstDay})`;
    steps.push(
      indexStep(
        found,
        sql`ARRAY[posts_span(p.created_at)] && ARRAY(SELECT generate_series(${firstDay} / ${span}, ${lastDay}::int / ${span}))`,
        windowFinal(found),
        sql`${size} <= ${literal(SEARCH_MAX_SIZED_DAYS)}`,
      ),
      orderedStep(i, found, sql`make_interval(days => ${days})`),
    );
    previousDays = sql`(${anchor} - ${firstDay})`;
    previous = found;
  }
  if (apart.first && steps.length > 0) {
    tiers.push(steps);
    steps = [];
  }
  if (from !== 4) steps.push(everyDay);
  steps.push({
    ...windowStep(`w${SEARCH_SIZED_WINDOWS + 1}`, ordered(null), v.take),
    when: sql`${count(last)} >= ${literal(SEARCH_CANDIDATE_CAP)}`,
  });
  tiers.push(steps);
  return tiers;
}

/**
 * What a search's probe would walk, from the statistics: the part of its posts within the circle (all
 * without one), and about how many posts it lists (the cells', of the category). Null when unknown.
 */
export function probeWalk(
  shares: SearchShares | null,
  chosen: { held: number | null; inside: number | null } | null,
  category: string | undefined,
): ProbeWalk {
  if (!shares) return { inside: null, posts: null };
  const posts = shares.posts * (category ? categoryShare(shares, category) : 1);
  if (!chosen) return { inside: 1, posts };
  return { inside: chosen.inside, posts: chosen.held === null ? null : posts * chosen.held };
}

type ProbeWalk = { inside: number | null; posts: number | null };

/**
 * How many rows a search's probe reads (ADR 027), or null when it is not tried: when the statistics
 * say at least SEARCH_PROBE_MIN_SHARE of its rows match, i.e. the share of posts holding the terms
 * (`termsShare`) × the part of the walked posts within the circle (`walk.inside`). Not:
 * - when the walk lists fewer posts than the probe reads: it would read them all and descend every
 *   cell's index for few matches (60 cells, 187 buffers, for 7 Tailor posts in all at 1M), which the
 *   index steps find for less;
 * - on an offset page, where it would read SEARCH_PROBE_PAGES times the offset too.
 * Without a circle, a category's walk is its range of posts_category_created_idx (ADR 039).
 * SEARCH_PROBE_PAGES pages' worth of rows, or as many as hold SEARCH_PROBE_MATCH_PAGES pages of matches
 * by that share when that is more: a probe a few rows short of its page read them all for nothing, then
 * the index steps ran (town 100 km, `#offer`, 21st page: 9 matches in 200 rows, 1,461 buffers at 10M).
 */
export function searchProbeRows(
  termsShare: number | null,
  walk: ProbeWalk,
  page: Pick<FeedQuery, 'limit' | 'offset'>,
): number | null {
  if (termsShare === null || walk.inside === null || walk.posts === null || page.offset > 0) return null;
  const rows = Math.min(MAX_TAKE, page.limit * SEARCH_PROBE_PAGES);
  if (walk.posts < rows) return null;
  const share = termsShare * walk.inside;
  if (share < SEARCH_PROBE_MIN_SHARE) return null;
  return Math.min(MAX_TAKE, Math.max(rows, Math.ceil((SEARCH_PROBE_MATCH_PAGES * page.limit) / share)));
}

/** Days in a search's first window: the last SEARCH_FIRST_DAYS and, on a first page, tomorrow (a clock a little ahead). */
function searchFirstDays(cursor: boolean): number {
  return SEARCH_FIRST_DAYS + (cursor ? 0 : 1);
}

/** searchAnchorValues's values in a search's statement. */
type SearchAnchor = { lastDay: Value; firstDayKeys: Value; anchorDays: Value };

/**
 * What searchIds reads of its anchor (the cursor's time, or now): `lastDay`, the newest window's last
 * day (a day after now on a first page: a post stamped by a clock a little ahead is still in it),
 * `firstDayKeys`, the first window's days as posts_day keys, and `anchorDays`, the anchor in days since
 * the epoch (with the fraction of its day), which the sized windows are measured back from.
 */
function searchAnchorValues(anchorMs: number, cursor: boolean): { lastDay: number; firstDayKeys: string; anchorDays: number } {
  const lastDay = Math.floor((anchorMs + (cursor ? 0 : DAY_MS)) / DAY_MS);
  const days = Array.from({ length: searchFirstDays(cursor) }, (_, i) => lastDay - i);
  return { lastDay, firstDayKeys: `{${days.join(',')}}`, anchorDays: anchorMs / DAY_MS };
}

/** What the statistics say of a search's steps (searchFrom), in posts; each null when unknown. */
export type StepEstimate = {
  /** Whether the search is near a point: without a circle, every candidate of the every-day step is a match. */
  circle: boolean;
  /** What the every-day step finds: the circle's posts (of the category) that meet the later steps' conditions. */
  candidates: number | null;
  /** What the circle's keys list over every day: its cells' posts (of the category, near a point); every post without a circle. */
  circlePosts: number | null;
  /** What a span key lists: every post of SPAN_DAYS days. */
  spanPosts: number | null;
  /** The part of all posts the first window holds (a share, not posts). */
  firstShare: number | null;
  /**
   * The first window's walk (firstWindowWalk; null when it is not one range or a share is unknown):
   * the matches its SEARCH_FIRST_DAYS hold, and the table's pages it reads for each (one ÷ (the terms'
   * share × posts per page)).
   */
  walk: { matches: number; pagesPerMatch: number } | null;
};

/**
 * What the statistics (`shares`) say of a search's steps (StepEstimate), from its index steps
 * (searchIndexSteps): near a point or not (`circle`), on a page by cursor or the first (`cursor`), and
 * whether its first window is one range of posts (`oneRange`, firstWindowWalk).
 */
export function stepEstimate(
  shares: SearchShares | null,
  index: { laterShare: number | null; circleShare: number | null; termsShare: number | null; termsListed: boolean },
  search: { circle: boolean; cursor: boolean; oneRange: boolean },
): StepEstimate {
  const posts = (share: number | null) => (shares && share !== null ? share * shares.posts : null);
  return {
    circle: search.circle,
    candidates: posts(index.laterShare),
    circlePosts: posts(index.circleShare),
    spanPosts: shares?.perDay ? shares.perDay * SPAN_DAYS : null,
    firstShare: shares?.perDay && shares.posts > 0 ? (shares.perDay * searchFirstDays(search.cursor)) / shares.posts : null,
    walk: firstWindowWalk(shares, index, search.oneRange),
  };
}

/**
 * A search's first window's walk for searchFrom (StepEstimate's `walk`), when it reads one range of
 * posts in the order they were written (`oneRange`: without a circle or a category) and every term's
 * share is one the statistics list; null otherwise. A term they do not list may be absent: its walk
 * would read every post of the window (2,055 buffers at 10M for `#nosuchtag`, whose guessed share said
 * a few hundred matches).
 */
export function firstWindowWalk(
  shares: SearchShares | null,
  index: { termsShare: number | null; termsListed: boolean },
  oneRange: boolean,
): StepEstimate['walk'] {
  if (!oneRange || !shares?.perDay || !shares.postsPerPage || !index.termsShare || !index.termsListed) return null;
  return {
    matches: shares.perDay * SEARCH_FIRST_DAYS * index.termsShare,
    pagesPerMatch: 1 / (index.termsShare * shares.postsPerPage),
  };
}

/**
 * Whether a rare tag's search starts with the tag step (ADR 035), from the circle's cells (`cells`, null
 * without a circle) and the posts they hold by the statistics (`circlePosts`, of the category; null
 * when unknown). posts_search_idx's step descends each cell's key (3–5 buffers), then advances the
 * circle's lists to each of the tag's candidates: short lists are read whole, a city's are trees of
 * hundreds of thousands of posts, descended again for each candidate. The tag step costs the same
 * anywhere: its range counted and read (60 buffers for 2,000 posts at 10M). So it is left out only for
 * a circle of few cells holding few posts (town 25 km: 32 buffers through the index, 60 through it).
 */
export function tagStepPays(cells: number | null, circlePosts: number | null, limits: TagStepLimits = TAG_STEP): boolean {
  return cells === null || circlePosts === null || cells > limits.fewCells || circlePosts > limits.smallCirclePosts;
}

/**
 * Where a search's steps start (SearchFrom; ADR 031, ADR 033, ADR 037). A sized window's step advances
 * its span keys' lists (every post of India in those days) to its candidates, the every-day step its
 * circle's keys' lists over every day instead. When the statistics say the every-day step finds at most
 * SEARCH_FEW_CANDIDATES (so it answers alone) and the circle's keys list fewer posts than a span key
 * does, the sized windows are left out; the first window too when it holds less than a page (`take`)
 * of those candidates. Else, when they say it finds at most SEARCH_EVERY_DAY_FIRST (without a
 * circle SEARCH_FEW_CANDIDATES: its candidates are its matches, ADR 043) and the first window holds
 * less than a page of them, the every-day step comes first (4), and the windows follow only when it
 * finds the cap. The every-day step is in every statement: a step left out changes what
 * is read, never what is found. Without a circle or a category the first window's walk comes first,
 * alone (3), when it reads fewer pages for a page of matches than its index step reads rows (a page
 * each, up to the cap), or when that step would reach the cap and hand over to the walk anyway.
 */
export function searchFrom(e: StepEstimate, take: number): SearchFrom {
  if (e.walk && (e.walk.matches >= SEARCH_CANDIDATE_CAP || take * e.walk.pagesPerMatch < e.walk.matches)) return 3;
  if (e.candidates === null || e.circlePosts === null || e.spanPosts === null) return 0;
  const firstShort = e.firstShare !== null && e.candidates * e.firstShare < take;
  if (e.candidates <= SEARCH_FEW_CANDIDATES && e.circlePosts <= e.spanPosts) return firstShort ? 2 : 1;
  if (e.candidates <= (e.circle ? SEARCH_EVERY_DAY_FIRST : SEARCH_FEW_CANDIDATES) && firstShort) return 4;
  return 0;
}

/**
 * Whether the statistics expect a search's first window to hold a page (`take`) of matches: the circle's
 * keys' posts (`circleShare`, of the category; all without a circle) of the category (`category`, a
 * share, without a circle: the circle's keys already count it) holding every term (`termsShare`, as if
 * independent), of the first window's days (`firstShare`, StepEstimate). Then its steps are a statement
 * of their own (SearchApart): the later windows' are not set up for the pages it answers. False when
 * unknown, and when a term's share is the statistics' guess for those they do not list (`termsListed`):
 * an absent tag near Mumbai was guessed at a page, and ran three statements for no row.
 */
export function firstWindowFills(
  shares: SearchShares | null,
  index: { termsShare: number | null; termsListed: boolean; circleShare: number | null },
  firstShare: number | null,
  take: number,
  category = 1,
): boolean {
  if (!shares || index.termsShare === null || !index.termsListed || index.circleShare === null || firstShare === null)
    return false;
  return shares.posts * index.termsShare * index.circleShare * category * firstShare >= take;
}

/**
 * Where a search's steps start (searchFrom): 0, every window; 1, the first window, then every day; 2,
 * every day; 3, the first window's walk, then every day; 4, every day's index step, then every window
 * when it finds the cap. The steps left out are not in its statement.
 */
type SearchFrom = 0 | 1 | 2 | 3 | 4;

/** Whether a search's steps include its first window's index step (searchFrom). */
const hasFirstWindow = (from: SearchFrom): boolean => from <= 1 || from === 4;
/** Whether a search's steps include its sized windows (searchFrom). */
const hasSizedWindows = (from: SearchFrom): boolean => from === 0 || from === 4;

/**
 * Whether a search's windows are statements of their own (searchIds, ADR 034): `first` when the
 * statistics expect its first window to fill the page (firstWindowFills); `firstFound`, what the first
 * window's statement found, for the sized windows' own statement: set only with `first`, for a search
 * from every window on a page without an offset (SearchShape's `sizedApart`); null keeps them in the
 * first window's statement.
 */
type SearchApart = { first: boolean; firstFound: Value | null };

type Search = {
  index: SearchIndex;
  anchor: SearchAnchor;
  from: SearchFrom;
  probe: SearchProbe | null;
  apart: SearchApart;
  /** The tag step's cap when it comes first (rareTagRange; then every step is in one statement), or null. */
  tagCap: number | null;
};

/** A page's statements (Tiers: one, unless its lookup is in steps). */
function feedStatements(v: FeedValues, search: Search | null = null): SQL[] {
  let ids: SQL[];
  if (search) {
    const tiers = searchIds(v, search.index, search.anchor, search.from, search.probe, search.apart);
    // The tag step answers a rare tag's every page; what follows it runs only past its cap (ADR 035).
    ids = (search.tagCap !== null ? [[tagStep(v, search.tagCap), ...tiers.flat()]] : tiers).map(staged);
  } else if (v.point) {
    ids = v.windowed ? windowedNearIds(v, v.point).map(staged) : [sql`ids AS (${nearIds(v, v.point, null)})`];
  } else {
    ids = [sql`ids AS (${allIds(v, null)})`];
  }
  return ids.map((statement) => page(statement, v.visitorId, v.offset));
}

const dialect = new PgDialect();

/**
 * The query with each placeholder bound to one parameter however often it is written: drizzle gives
 * every occurrence a number of its own, and a walk of 60 cells in three windows sent 1,440 values for
 * its 9 placeholders (the cells' array parsed 180 times on every execution). Every use of a
 * placeholder in these statements has the same type (a cast, or the same function's argument).
 */
function bindOnce(query: QueryWithTypings): QueryWithTypings {
  const params: unknown[] = [];
  const typings: NonNullable<QueryWithTypings['typings']> = [];
  const numbers = new Map<string, number>();
  const renumbered = query.params.map((param, i) => {
    let n = is(param, Placeholder) ? numbers.get(param.name) : undefined;
    if (n === undefined) {
      n = params.push(param);
      typings.push(query.typings?.[i] ?? 'none');
      if (is(param, Placeholder)) numbers.set(param.name, n);
    }
    return n;
  });
  return {
    sql: query.sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${renumbered[Number(n) - 1]}`),
    params,
    ...(query.typings ? { typings } : {}),
  };
}

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * The most search shapes a process keeps prepared, the least recently used dropped first. The database
 * keeps a statement's plan (~2 MB for a search, at 1M posts) until its connection closes (the prepared
 * pools' PREPARED_CONNECTION_LIFETIME_S).
 */
const SEARCH_SHAPES_CAP = 64;
/**
 * The most shapes of the feed without a search a process keeps prepared, the least recently used
 * dropped first: a cover of two grids (ADR 036) makes a shape of each pair of cell counts.
 */
const FEED_SHAPES_CAP = 128;

/** `map`'s entry for `key`, made when missing; used last, so dropped last once it holds more than `cap`. */
function remembered<T>(map: Map<string, T>, key: string, cap: number, make: () => T): T {
  const known = map.get(key);
  if (known !== undefined) map.delete(key);
  const value = known ?? make();
  map.set(key, value);
  if (map.size > cap) map.delete(map.keys().next().value!);
  return value;
}

/** A feed statement's shape: what its text depends on, beside the search's (every value is a placeholder). */
type FeedShape = {
  point: { parts: { grid: Grid; cellCount: number }[] } | null;
  cursor: boolean;
  visitor: boolean;
  category: boolean;
  openNow: boolean;
};

/** Whether a walk without a search goes by windows, and the first it tries (firstWindow). */
type Windows = { windowed: boolean; fromWindow: number };

/** A search statement's shape: its terms', its index steps' (ADR 025), and whether it probes first (ADR 027). */
type SearchShape = FeedShape & {
  terms: TermShape[];
  probe: boolean;
  tag: boolean;
  from: SearchFrom;
  /** Whether the windows are statements of their own (SearchApart's `first`), and the sized windows too (not on an offset page). */
  firstApart: boolean;
  sizedApart: boolean;
  first: Pick<IndexCondition, 'of' | 'term' | 'named'>[];
  later: Pick<IndexCondition, 'of' | 'term' | 'named'>[];
};

const conditionShape = ({ of, term, named }: IndexCondition) => ({ of, term, named });

/** The placeholder of a cover part's cells: a cover has at most one part per grid. */
const cellsName = (grid: Grid) => `cells${grid.perDegree}`;

/**
 * The feed's statements, each built once per shape with every value a placeholder and run as a named
 * prepared statement: planned once per connection instead of on every request (ADR 006, ADR 025).
 * `preparedDb` runs the walks without a search, `preparedSearchDb` the searches (DbHandle). PGlite
 * ignores the names. `tagStep`, TAG_STEP's unless told: a test's few posts pass a smaller cap, and its
 * small circle counts as a large one with `fewCells: 0`.
 */
export function createFeedRepository(deps: {
  db: Db;
  preparedDb?: Db;
  preparedSearchDb?: Db;
  /** false: the statements are sent unnamed (DB_PREPARED_STATEMENTS=false, a pooler in transaction mode). */
  namedStatements?: boolean;
  searchShapesCap?: number;
  tagStep?: Partial<TagStepLimits>;
  /**
   * Set when the databases above are a replica (DATABASE_READ_URL): the visitor's own likes of a page's
   * posts are read from this primary, so a like the replica has not replayed yet is not lost (ADR 047).
   */
  primaryDb?: Db;
  /** The primary's pools, for reads with `{ fresh: true }` (a signed-in caller, freshReads). */
  primary?: Pick<DbHandle, 'db' | 'preparedDb' | 'preparedSearchDb'>;
}) {
  const { db, preparedDb = db, preparedSearchDb = db, searchShapesCap = SEARCH_SHAPES_CAP, primaryDb } = deps;
  const onPrimary = deps.primary ? createFeedRepository({ ...deps.primary, searchShapesCap, tagStep: deps.tagStep }) : null;
  const tagStep = { ...TAG_STEP, ...deps.tagStep };
  function prepare(statement: SQL, on: Db | null): Prepared {
    const query = bindOnce(dialect.sqlToQuery(statement));
    if (!on || deps.namedStatements === false) return (on ?? db)._.session.prepareQuery(query, undefined, undefined, false);
    return on._.session.prepareQuery(query, undefined, `posts_${hash('sha1', query.sql)}`, false);
  }

  async function rowsOf(prepared: Prepared, values?: Record<string, unknown>): Promise<PostRowData[]> {
    return ((await prepared.execute(values)) as { rows: PostRowData[] }).rows;
  }

  /**
   * Read from a replica, a page may miss the visitor's latest like or unlike: the primary says which of
   * the page's posts they like (a primary-key lookup per post), and a count the replica has not moved
   * yet moves by their own change, so they see what the like endpoint answered them.
   */
  async function withOwnLikes(rows: PostRowData[], visitorId: string | undefined): Promise<PostRowData[]> {
    if (!primaryDb || !visitorId || rows.length === 0) return rows;
    const ids = `{${rows.map((r) => r.id).join(',')}}`;
    const { rows: liked } = await primaryDb.execute<{ post_id: string }>(
      sql`SELECT post_id FROM post_likes WHERE visitor_id = ${visitorId} AND post_id = ANY(${ids}::uuid[])`,
    );
    const likedIds = new Set(liked.map((r) => r.post_id));
    return rows.map((row) => {
      const likes = likedIds.has(row.id);
      if (row.liked_by_me === likes) return row;
      return { ...row, liked_by_me: likes, likes_count: Math.max(0, row.likes_count + (likes ? 1 : -1)) };
    });
  }

  let shares: { at: number; value: Promise<SearchShares | null> } | null = null;
  function searchShares(): Promise<SearchShares | null> {
    if (!shares || Date.now() - shares.at > SEARCH_SHARES_TTL_MS) {
      const value = readSearchShares(db);
      shares = { at: Date.now(), value };
      // A failed read is not kept: the next search asks again.
      value.catch(() => {
        if (shares?.value === value) shares = null;
      });
    }
    return shares.value;
  }

  /** A feed statement's values common to every shape, as placeholders. */
  function feedValues(shape: FeedShape, windows: Windows, terms: SQL | null = null): FeedValues {
    return {
      point: shape.point
        ? {
            lat: placeholder('lat'),
            lon: placeholder('lon'),
            radiusKm: placeholder('radiusKm'),
            parts: shape.point.parts.map(({ grid, cellCount }) => ({ grid, cellCount, cells: placeholder(cellsName(grid)) })),
          }
        : null,
      cursor: shape.cursor ? { createdUs: placeholder('cursorUs'), id: placeholder('cursorId') } : null,
      take: placeholder('take'),
      offset: placeholder('offset'),
      windowed: windows.windowed,
      category: shape.category ? placeholder('category') : null,
      terms,
      openNow: shape.openNow ? { at: placeholder('openAt'), minute: placeholder('openMinute') } : null,
      visitorId: shape.visitor ? placeholder('visitorId') : undefined,
      fromWindow: windows.fromWindow,
    };
  }

  /**
   * Without a search (q), a feed statement has one of a few shapes (point or not, cursor, visitor,
   * category, windows). On PostgreSQL planning took longer than running it (ADR 006).
   */
  const shapes = new Map<string, Prepared[]>();
  function preparedFeed(shape: FeedShape & Windows): Prepared[] {
    return remembered(shapes, JSON.stringify(shape), FEED_SHAPES_CAP, () =>
      feedStatements(feedValues(shape, shape)).map((statement) => prepare(statement, preparedDb)),
    );
  }

  /**
   * The rows of the first of a page's statements (Tiers) to answer a full page (`limit` rows), or of the
   * last. Each is told how many rows the one before answered (`firstFound`: the sized windows read the
   * first window's).
   */
  async function firstFullPage(statements: Prepared[], values: Record<string, unknown>, limit: number): Promise<PostRowData[]> {
    let rows: PostRowData[] = [];
    for (const statement of statements) {
      rows = await rowsOf(statement, { ...values, firstFound: rows.length });
      if (rows.length >= limit) break;
    }
    return rows;
  }

  /**
   * A search's statement varies with its terms (their kinds, how their businesses are matched) and
   * with the conditions its index steps ask (searchIndexSteps), not with their values: one statement
   * per such shape, planned once per connection with a generic plan (ADR 025). Planned for each
   * request, a search's statement took 6–20 ms to plan (1M posts), longer than most took to run.
   */
  const searchShapes = new Map<string, Prepared[]>();
  function preparedSearch(shape: SearchShape): Prepared[] {
    return remembered(searchShapes, JSON.stringify(shape), searchShapesCap, () => {
      const ref = (name: string) => placeholder(name);
      const statements = feedStatements(
        feedValues(shape, { windowed: false, fromWindow: 0 }, termsFilter(shape.terms, ref) ?? sql`true`),
        {
          index: { first: indexConditionsSql(shape.first, ref), later: indexConditionsSql(shape.later, ref) },
          anchor: {
            lastDay: placeholder('lastDay'),
            firstDayKeys: placeholder('firstDayKeys'),
            anchorDays: placeholder('anchorDays'),
          },
          from: shape.from,
          probe: shape.probe ? { rows: placeholder('probeRows') } : null,
          apart: { first: shape.firstApart, firstFound: shape.sizedApart ? placeholder('firstFound') : null },
          tagCap: shape.tag ? tagStep.cap : null,
        },
      );
      // No room for shapes (tests): planned on every request, unnamed.
      return statements.map((statement) => prepare(statement, searchShapesCap === 0 ? null : preparedSearchDb));
    });
  }

  /**
   * The businesses each text term's names match (nameMatchesQuery), through a statement prepared per
   * number of text terms: planned for each search, it took longer to plan than to run (0.36 ms against
   * a few hundredths at 10M posts).
   */
  const nameShapes = new Map<number, Prepared>();
  async function nameMatches(q: string): Promise<string[][]> {
    const patterns = namePatterns(q);
    if (patterns.length === 0) return [];
    let prepared = nameShapes.get(patterns.length);
    if (!prepared) {
      prepared = prepare(nameMatchesQuery(patterns.map((_, i) => placeholder(`pattern${i}`))), preparedSearchDb);
      nameShapes.set(patterns.length, prepared);
    }
    const values = Object.fromEntries(patterns.map((pattern, i) => [`pattern${i}`, pattern]));
    const { rows } = (await prepared.execute(values)) as { rows: { i: number; ids: string[] }[] };
    return rows.map((r) => r.ids);
  }

  /**
   * A read on these databases (the replica, when set), or on the primary when the caller asked for fresh
   * data or the replica cannot be reached (down, restarting): the feed keeps answering (ADR 047).
   */
  async function viaReplica<T>(read: Reads, here: () => Promise<T>, there: (primary: FeedRepository) => Promise<T>): Promise<T> {
    if (!onPrimary) return here();
    if (read.fresh) return there(onPrimary);
    try {
      return await here();
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      return there(onPrimary);
    }
  }

  const reads = {
    async feed(q: FeedQuery, visitorId?: string, now: Date = new Date()): Promise<FeedPage> {
      const cursor = q.cursor ? decodeCursor(q.cursor) : null;
      const point = q.lat !== undefined && q.lon !== undefined ? { lat: q.lat, lon: q.lon } : undefined;
      let circle: FeedShape['point'] = null;
      let cells: Record<string, string> = {};
      let chosen: Cover | null = null;
      let fromWindow = 0;
      if (point) {
        // Statistics that cannot be read leave the grid to the radius and try every window: the page is still answered.
        const shares = await searchShares().catch(() => null);
        const quarterShare = shares ? (cell: number) => shares.cell.listed.get(String(cell)) ?? shares.cell.unlisted : null;
        // A search's index steps ask posts_search_idx for the cover's cells and their posts in its
        // windows: a 1° cell walked whole for the few posts of a town's fields held a city's edge, whose
        // posts a sized window then read (4,558 buffers for town 100 km `#offer` at 10M, ADR 036).
        chosen = chooseCover(point.lat, point.lon, q.radiusKm, quarterShare, !q.q);
        circle = { parts: chosen.parts.map(({ grid, cells }) => ({ grid, cellCount: cells.length })) };
        cells = Object.fromEntries(chosen.parts.map((part) => [cellsName(part.grid), `{${part.cells.join(',')}}`]));
        fromWindow = firstWindow(circlePerDay(shares, probeWalk(shares, chosen, q.category || undefined)), q.offset + q.limit);
      }
      const values = {
        lat: point?.lat,
        lon: point?.lon,
        radiusKm: q.radiusKm,
        ...cells,
        cursorUs: cursor?.createdUs,
        cursorId: cursor?.id,
        take: q.offset + q.limit,
        offset: q.offset,
        visitorId,
        category: q.category || undefined,
        openAt: q.openNow ? now.toISOString() : undefined,
        openMinute: q.openNow ? indiaMinuteOfWeek(now.getTime()) : undefined,
      };
      const shape: FeedShape = {
        point: circle,
        cursor: !!cursor,
        visitor: !!visitorId,
        category: !!values.category,
        openNow: !!q.openNow,
      };
      let rows: PostRowData[];
      if (!q.q) {
        const windowed = q.offset === 0;
        rows = await firstFullPage(preparedFeed({ ...shape, windowed, fromWindow: windowed ? fromWindow : 0 }), values, q.limit);
      } else {
        const names = await nameMatches(q.q);
        const terms = searchTerms(q.q, names);
        const shares = await searchShares();
        const index = searchIndexSteps(
          q.q,
          values.category,
          names,
          shares,
          // The circle's share of posts is estimated on the 0.25° grid, whose cells ANALYZE counts (posts.cell).
          point ? cellsForCircle(point.lat, point.lon, q.radiusKm) : null,
        );
        const probeRows = searchProbeRows(index.termsShare, probeWalk(shares, chosen, values.category), q);
        const probe = probeRows !== null;
        const anchorMs = cursor ? Number(cursor.createdUs) / 1000 : Date.now();
        const estimate = stepEstimate(shares, index, { circle: !!point, cursor: !!cursor, oneRange: !point && !values.category });
        const from = searchFrom(estimate, values.take);
        // Without a circle the category is not in the circle's share (searchIndexSteps).
        const category = shares && values.category && !point ? categoryShare(shares, values.category) : 1;
        const tag = tagStepPays(
          circle ? circle.parts.reduce((n, part) => n + part.cellCount, 0) : null,
          estimate.circlePosts,
          tagStep,
        )
          ? rareTagRange(q.q, shares, tagStep.cap)
          : null;
        const firstApart = !tag && from <= 1 && firstWindowFills(shares, index, estimate.firstShare, values.take, category);
        const prepared = preparedSearch({
          ...shape,
          terms: terms.shapes,
          probe,
          tag: tag !== null,
          from,
          firstApart,
          sizedApart: firstApart && from === 0 && q.offset === 0,
          // Without the first window's index step its conditions are not in the statement: not in its shape either.
          first: hasFirstWindow(from) ? index.first.map(conditionShape) : [],
          later: index.later.map(conditionShape),
        });
        const searchValues = {
          ...values,
          probeRows: probeRows ?? undefined,
          ...terms.values,
          ...indexValues(index.first),
          ...searchAnchorValues(anchorMs, !!cursor),
          ...tag,
        };
        rows = await firstFullPage(prepared, searchValues, q.limit);
      }
      rows = await withOwnLikes(rows, visitorId);
      const last = rows.at(-1);
      return {
        posts: rows.map((r) => toPost(r, point, now)),
        nextCursor: rows.length === q.limit && last ? encodeCursor({ createdUs: last.created_us, id: last.id }) : null,
      };
    },

    async byId(id: string, visitorId?: string): Promise<Post> {
      const ids = sql`ids AS (SELECT p.id FROM posts p WHERE p.id = ${id}::uuid AND p.hidden_at IS NULL)`;
      const [row] = await withOwnLikes(await rowsOf(prepare(page(ids, visitorId, 0), preparedDb)), visitorId);
      if (!row) throw AppError.notFound('Post not found');
      return toPost(row);
    },

    async byBusiness(userId: string, paging: { limit: number; offset: number }, visitorId?: string): Promise<Post[]> {
      const ids = sql`ids AS (
        SELECT p.id FROM posts p WHERE p.user_id = ${userId}::uuid AND ${LISTED_POST}
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${paging.limit + paging.offset}::int)`;
      const rows = await rowsOf(prepare(page(ids, visitorId, paging.offset), preparedDb));
      return (await withOwnLikes(rows, visitorId)).map((r) => toPost(r));
    },
  };
  return {
    feed: (q: FeedQuery, visitorId?: string, read: Reads = {}): Promise<FeedPage> =>
      viaReplica(
        read,
        () => reads.feed(q, visitorId),
        (primary) => primary.feed(q, visitorId),
      ),
    byId: (id: string, visitorId?: string, read: Reads = {}): Promise<Post> =>
      viaReplica(
        read,
        () => reads.byId(id, visitorId),
        (primary) => primary.byId(id, visitorId),
      ),
    byBusiness: (
      userId: string,
      paging: { limit: number; offset: number },
      visitorId?: string,
      read: Reads = {},
    ): Promise<Post[]> =>
      viaReplica(
        read,
        () => reads.byBusiness(userId, paging, visitorId),
        (primary) => primary.byBusiness(userId, paging, visitorId),
      ),
  };
}

export type FeedRepository = ReturnType<typeof createFeedRepository>;
/** `fresh`: read from the primary even when a replica is configured (freshReads). */
type Reads = { fresh?: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    feedRepository: FeedRepository;
  }
}

export default fp(
  async (fastify) => {
    // Anonymous public reads: from the replica when DATABASE_READ_URL is set (ADR 047).
    const { read } = fastify.dbHandle;
    const primary = read.replica ? fastify.dbHandle : undefined;
    fastify.decorate('feedRepository', createFeedRepository({ ...read, primaryDb: primary?.db, primary }));
  },
  { name: 'feed-repository', dependencies: ['db'] },
);
