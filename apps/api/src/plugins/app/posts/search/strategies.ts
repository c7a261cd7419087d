import { parseSearchTerms } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import { KM_PER_DEGREE_LAT } from '../feed-cells';
import { openNowFilter } from '../post-filters';
import {
  type FeedValues,
  type Step,
  MAX_TAKE,
  type Value,
  allIds,
  cellBranches,
  countOf,
  distanceSql,
  filtersOf,
  keysetBefore,
  literal,
  staged,
  usToTimestamp,
  within,
} from '../feed/walk';

/**
 * A search's page is one statement of steps, each exact, tried in turn until one is final
 * (docs/search.md, ADR 053):
 * - the walk: the circle's cells (or every post) newest first, the rule checked on each row, up to
 *   WALK_BUDGET rows;
 * - the index: the matches posts_search_idx finds within the cells and before the cursor, up to
 *   CANDIDATE_CAP, sorted and cut to the page; for a rule the cells hold more matches of than the cap,
 *   first within the last RECENT_DAYS before the cursor;
 * - a single `#tag`'s range of post_tags_tag_created_idx (the tag step);
 * - without a circle, the walk of the newest MAX_TAKE posts: a rule too common for the index steps'
 *   cap has a page among them;
 * - last, the walk without a budget, which a common rule's page needs only a few rows of.
 * Which comes first is one estimate (chooseStrategy); the others follow only when it is not final.
 */

/** Rows the walk reads at most before the index is asked: a rule this rare was better found there. */
export const WALK_BUDGET = 2000;
/**
 * The walk comes first when its budget is expected to hold this many pages of matches: the index
 * steps find a page of a rule that rare for a few hundred buffers, less than a budget's rows (dense
 * 5 km `fresh paneer` at 1M: the walk's 2,000 rows, 1,651 buffers, held 5 matches where 12 were
 * expected: ANALYZE's trigram shares are an upper bound of a rule's).
 */
const WALK_MARGIN = 4;
/** The rows the walk without a budget may read: every one there is. */
export const LAST_ROWS = 2 ** 31 - 1;
/** Matches the index step reads at most: fewer are every match there is; the cap means the rule is common here. */
const CANDIDATE_CAP = 400;
/**
 * Days back from the cursor's day (or today) of the index steps bounded to recent posts, tried in turn
 * before the unbounded one when the cells are expected to hold more matches than CANDIDATE_CAP: a
 * common rule's page lies in its last days, and posts_search_idx's day keys find them there for a few
 * hundred buffers (dense 5 km `fresh paneer` at 1M: 113 for 2 days, 223 for 16) where the unbounded
 * step fills its cap in no order and hands on to the last walk (ADR 053).
 */
const RECENT_DAYS = [2, 16, 64] as const;
/** Most entries of post_tags_tag_created_idx the tag step reads (about 45 pages); past them the tag is not rare. */
export const TAG_CAP = 5000;

export type Strategy = 'walk' | 'index' | 'tag';

/**
 * Where a search starts: the walk when `share` (the share of the walked rows expected to match:
 * termsShare × the part of the cells' posts within the circle) says its budget holds WALK_MARGIN pages
 * (`take` rows), or when the rule is common (more than CANDIDATE_CAP posts in all) and the cells hold
 * no more posts than the budget (`commonCellPosts`): it reads them all for about a hundred buffers in a
 * town, where asking the index for common trigrams costs more; else its tag's range when `tagRange`
 * (rareTagRange); else, or when unknown, the index.
 */
export function chooseStrategy(
  share: number | null,
  take: number,
  tagRange: boolean,
  commonCellPosts: number | null = null,
): Strategy {
  if (commonCellPosts !== null && commonCellPosts <= WALK_BUDGET) return 'walk';
  if (share !== null && share * WALK_BUDGET >= WALK_MARGIN * take) return 'walk';
  return tagRange ? 'tag' : 'index';
}

/**
 * The walk with a budget (`budget` rows, a placeholder: a generic plan told a constant this large read
 * every post of each cell by bitmap and sorted them). pw: the newest rows of the cells with every
 * filter but the rule; p0: those of them within the circle that match, up to a page. Final when they
 * fill the page, or when the cells held fewer rows than the budget (every post there was read). A
 * materialized CTE runs only as far as its readers ask: p0 stops at its page, p0n reads on only when
 * p0 came short. `name` prefixes the CTEs' names (`p`: pw, p0, p0n) so that two walks fit one statement.
 */
function walkStep(v: FeedValues, budget: Value, name = 'p'): Step {
  const [rows, matches, counted] = [`${name}w`, `${name}0`, `${name}0n`];
  const found = countOf(matches);
  return {
    ctes: [
      [rows, newestRows(v, budget)],
      [matches, matchesOf(v, rows)],
      [counted, sql`SELECT count(*) AS n FROM ${sql.raw(rows)} WHERE ${found} < ${v.take}::int`],
    ],
    answer: matches,
    final: sql`(${found} >= ${v.take}::int OR (SELECT n FROM ${sql.raw(counted)}) < ${budget}::int)`,
  };
}

/**
 * The newest `rows` posts of the circle's cells (or of every post, or the category's) with every filter
 * but the rule and open now (matchesOf checks those, so the budget counts the rows read), each cell's
 * branch cut at `rows` too. Without the rule in their conditions a generic plan walks the cells' ranges
 * in order: with it, it took them for a few matching rows and read every post of each cell by bitmap and
 * sorted them (52,000 buffers, 0.9 s, dense 5 km at 1M posts).
 */
function newestRows(v: FeedValues, rows: Value): SQL {
  const walk = { ...v, terms: null, openNow: null };
  const conditions = [filtersOf(walk)];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  return v.point
    ? sql`SELECT near.* FROM (${cellBranches(v.point, conditions, sql`p.*`, sql`${rows}::int`)}) AS near
      ORDER BY near.created_at DESC, near.id DESC LIMIT ${rows}::int`
    : allIds({ ...walk, take: rows }, 'rows');
}

/** The rows of CTE `rows` (newestRows) within the circle that match the rule and are open now when asked, up to the page. */
function matchesOf(v: FeedValues, rows: string): SQL {
  const inside = v.point ? sql` AND ${within(v.point)}` : sql``;
  const open = v.openNow ? sql` AND ${openNowFilter(v.openNow.at, v.openNow.minute)}` : sql``;
  return sql`SELECT p.id, p.created_at FROM ${sql.raw(rows)} AS p WHERE ${v.terms ?? sql`true`}${inside}${open} LIMIT ${v.take}::int`;
}

/**
 * The index step: every match the index conditions (`narrowing`) find within the circle's cells (one
 * bitmap scan of posts_search_idx answers cells and terms together) and before the cursor, up to
 * CANDIDATE_CAP in no order, then the newest page of them. With a category near a point, its posts of
 * those cells are the keys (posts_category_cells, ADR 031): a city's cells' lists hold every post there.
 * With `days`, only posts of the cursor's day (or today) and the `days` before it, by the index's day
 * keys: final when they hold a page and fewer than the cap (every match newer than them is among them).
 */
function indexStep(v: FeedValues, narrowing: SQL, days: number | null = null): Step {
  const byKeys = v.point !== null && v.category !== null;
  const conditions: SQL[] = [filtersOf(v, byKeys ? 'category' : null), narrowing];
  if (v.cursor) conditions.push(keysetBefore(v.cursor));
  if (v.point) {
    const { grid, cells } = v.point.parts[0]!;
    conditions.push(
      byKeys
        ? sql`posts_category_cells(p.category, p.cell, p.lat, p.lon)
            && ARRAY(SELECT ${sql.raw(`'${grid.perDegree}:'`)} || c || ':' || lower(${v.category}::text) FROM unnest(${cells}::int[]) AS c)`
        : sql`ARRAY[${sql.raw(grid.column)}] && ${cells}::int[]`,
      within(v.point),
    );
  } else if (v.category !== null) {
    conditions.push(sql`ARRAY[lower(p.category)] && ARRAY[lower(${v.category}::text)]`);
  }
  if (days !== null) {
    const day = sql`posts_day(${v.cursor ? usToTimestamp(v.cursor.createdUs) : sql`now()`})`;
    conditions.push(sql`ARRAY[posts_day(p.created_at)] && ARRAY(SELECT generate_series(${day} - ${literal(days)}, ${day}))`);
  }
  const name = `g${days ?? 0}`;
  const withinCap = sql`${countOf(name)} < ${literal(CANDIDATE_CAP)}`;
  return {
    ctes: [
      [
        name,
        sql`SELECT p.id, p.created_at FROM posts p WHERE ${sql.join(conditions, sql` AND `)} LIMIT ${literal(CANDIDATE_CAP)}`,
      ],
      [`${name}p`, sql`SELECT * FROM ${sql.raw(name)} ORDER BY created_at DESC, id DESC LIMIT ${v.take}::int`],
    ],
    answer: `${name}p`,
    final: days === null ? withinCap : sql`(${withinCap} AND ${countOf(name)} >= ${v.take}::int)`,
  };
}

/**
 * The walk without a budget (`lastRows`: as many as there are): exact whatever it reads. Without a circle,
 * every post's (or the category's) range with the rule in its conditions, as the feed's own walk.
 */
function lastStep(v: FeedValues, lastRows: Value): Step {
  if (!v.point) return { ctes: [['w0', allIds(v)]], answer: 'w0', final: sql`true` };
  return {
    ctes: [
      ['w0', newestRows(v, lastRows)],
      ['w0m', matchesOf(v, 'w0')],
    ],
    answer: 'w0m',
    final: sql`true`,
  };
}

/**
 * The tag step (ADR 035): the posts holding a tag that starts with a search's one `#term`, from
 * post_tags' range of those tags (`tagFrom`, `tagTo`), filtered by the circle, category and cursor on
 * the index's own columns, sorted, and looked up in posts newest first until a page is listed. Final
 * when the range held at most `cap` entries (TAG_CAP; tests pass fewer).
 */
function tagStep(v: FeedValues, tag: { from: Value; to: Value }, cap: number): Step {
  const range = sql`(t.tag COLLATE "C") >= ${tag.from} AND (t.tag COLLATE "C") < ${tag.to}`;
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
 * Whether the index steps bounded to recent days come first: when the cells (`held`, their share of
 * posts; 1 without a circle) are expected to hold CANDIDATE_CAP matches of the rule (`share` of posts,
 * of `posts`). Unknown: not (a rule the statistics cannot tell is mostly rare, and the unbounded step
 * answers it).
 */
export function recentFirst(share: number | null, held: number | null, posts: number): boolean {
  return share !== null && held !== null && share * held * posts >= CANDIDATE_CAP;
}

/**
 * A search page's statement (its `ids`): the first step by `strategy`, then the index steps (when a term
 * narrows, `narrowing`; those bounded to RECENT_DAYS first when `recent`) and the walk without a budget.
 * Values: `walkRows` (WALK_BUDGET), `lastRows` (LAST_ROWS), `tagFrom`, `tagTo`.
 */
export function searchIds(
  v: FeedValues,
  search: { strategy: Strategy; recent: boolean },
  narrowing: SQL | null,
  value: (name: string) => Value,
  tagCap = TAG_CAP,
): SQL {
  const { strategy, recent } = search;
  const steps: Step[] = [];
  if (strategy === 'tag') steps.push(tagStep(v, { from: value('tagFrom'), to: value('tagTo') }, tagCap));
  if (strategy === 'walk') steps.push(walkStep(v, value('walkRows')));
  if (narrowing) {
    // Each index step's days hold the earlier ones': once one fills the cap, every later one would too,
    // and they are skipped (at 10M posts `fresh paneer` filled it within 2 days, and 16, 64 and every
    // day then read 400 matches each in vain: 150 ms).
    const indexSteps = [...(recent ? RECENT_DAYS.map((days) => indexStep(v, narrowing, days)) : []), indexStep(v, narrowing)];
    const capped: SQL[] = [];
    for (const step of indexSteps) {
      steps.push(capped.length > 0 ? { ...step, skip: sql`(${sql.join(capped, sql` OR `)})` } : step);
      capped.push(sql`${countOf(step.ctes[0]![0])} >= ${literal(CANDIDATE_CAP)}`);
    }
  }
  // Without a circle the last walk has the rule in its conditions (its rows are not capped), and a plan
  // may then read every match by the index and sort them: 400,000 buffers and 6 s for `fresh paneer` with
  // open now at 10M. The newest posts walked first, the rule checked on each, find a common rule's page.
  if (!v.point) steps.push(walkStep(v, MAX_TAKE, 'a'));
  steps.push(lastStep(v, value('lastRows')));
  return staged(steps);
}

/**
 * The tags a search's one `#term` matches as one range of post_tags_tag_created_idx (ADR 035): from the
 * term up to the term with its last character advanced (not included); under "C", which orders by code
 * point, every tag starting with the term lies there and no other. Only for a search of that one term,
 * of 3 characters or more, and not one the statistics say is on more than `cap` posts (`posts`: that
 * share × the posts; null when they cannot tell, and the range is tried).
 */
export function rareTagRange(
  q: string | undefined,
  posts: number | null,
  cap = TAG_CAP,
): { tagFrom: string; tagTo: string } | null {
  const terms = parseSearchTerms(q ?? '');
  const term = terms[0];
  if (terms.length !== 1 || term?.kind !== 'hashtag') return null;
  const chars = [...term.value];
  if (chars.length < 3 || (posts !== null && posts > cap)) return null;
  let next = chars.at(-1)!.codePointAt(0)! + 1;
  // Surrogates are not characters: the next one after U+D7FF is U+E000.
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  if (next > 0x10ffff) return null;
  return { tagFrom: term.value, tagTo: chars.slice(0, -1).join('') + String.fromCodePoint(next) };
}
