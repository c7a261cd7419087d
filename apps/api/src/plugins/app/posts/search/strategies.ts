import { parseSearchTerms } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type Cover, KM_PER_DEGREE_LAT } from '../feed-cells';
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
import { type TermShape, searchNarrowing } from './search-rule';
import { type SearchShares, categoryShare, rarestTerm, termsShare } from './statistics';

/**
 * A search's page is one statement of exact steps, tried in turn until one is final (docs/search.md,
 * ADR 053): the walk (the cells newest first, the rule on each row, up to WALK_BUDGET rows); the index
 * steps (posts_search_idx's matches within the cells, up to CANDIDATE_CAP, sorted; first within RECENT_DAYS
 * when the cells hold more matches than the cap); a single `#tag`'s range (the tag step); without a
 * circle, the newest MAX_TAKE posts walked; last, the walk without a budget. planSearch's one estimate
 * says which comes first.
 */

/** Rows the walk reads at most before the index is asked. */
export const WALK_BUDGET = 2000;
/** The walk comes first when its budget is expected to hold this many pages: trigram shares overestimate a rule's. */
const WALK_MARGIN = 4;
/** The rows the walk without a budget may read: every one there is. */
export const LAST_ROWS = 2 ** 31 - 1;
/** Matches an index step reads at most: fewer are every match there is; the cap means the rule is common here. */
const CANDIDATE_CAP = 400;
/** Days back from the cursor's day (or today) of the index steps tried before the unbounded one for a common rule. */
const RECENT_DAYS = [2, 16, 64] as const;
/** Most entries of post_tags_tag_created_idx the tag step reads (about 45 pages); past them the tag is not rare. */
export const TAG_CAP = 5000;

/** What a search's statement depends on: its terms, its first step, recent days first, the term the index narrows by. */
export type SearchPlan = { terms: TermShape[]; strategy: 'walk' | 'index' | 'tag'; recent: boolean; narrowBy: number | null };

/**
 * The plan of a search of `q` (its `terms`) by the statistics (null: unknown), and its tag range when the
 * tag step may answer (rareTagRange). `share`: the rarest term's share of posts. The walk comes first when
 * its budget is expected to hold WALK_MARGIN pages of matches inside the circle, or when the rule is
 * common (over CANDIDATE_CAP posts) and the cells hold no more posts than the budget (a town: it reads
 * them all for less than the index's common trigrams); else the tag step, else the index. The recent
 * index steps come first when the cells (of the category) are expected to hold CANDIDATE_CAP matches.
 */
export function planSearch(
  q: string | undefined,
  terms: TermShape[],
  stats: SearchShares | null,
  cover: Cover | null,
  category: string | undefined,
  take: number,
  tagCap: number,
): [SearchPlan, ReturnType<typeof rareTagRange>] {
  const share = stats && termsShare(q, stats);
  const posts = stats?.posts ?? 0;
  const common = (s: number | null, held: number | null) => s !== null && held !== null && s * held * posts >= CANDIDATE_CAP;
  const tag = tagCap > 0 ? rareTagRange(q, share === null ? null : share * posts, tagCap) : null;
  const inside = cover ? cover.inside : 1;
  const cellPosts = cover?.held != null ? cover.held * posts : null;
  const walk =
    (cellPosts !== null && common(share, 1) && cellPosts <= WALK_BUDGET) ||
    (share !== null && inside !== null && share * inside * WALK_BUDGET >= WALK_MARGIN * take);
  const plan: SearchPlan = {
    terms,
    strategy: walk ? 'walk' : tag ? 'tag' : 'index',
    recent: common(share !== null && category ? share * categoryShare(stats!, category) : share, cover ? cover.held : 1),
    narrowBy: stats && terms.length > 1 ? rarestTerm(q, stats) : null,
  };
  return [plan, tag];
}

/**
 * The walk with a budget (`budget` rows, a placeholder: a generic plan told a constant this large read
 * every post of each cell by bitmap and sorted them). pw: the cells' newest rows with every filter but
 * the rule; p0: those of them that match, up to a page; final when they fill it, or when the cells held
 * fewer rows than the budget. A materialized CTE runs only as far as its readers ask: p0n counts on only
 * when p0 came short. `name` prefixes the CTEs so that two walks fit one statement.
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
 * The newest `rows` posts of the cells (or of every post, or the category's) with every filter but the
 * rule and open now, which matchesOf checks: with the rule in its conditions a generic plan read every
 * post of each cell by bitmap and sorted them instead of walking their ranges in order.
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
 * An index step: the matches of the index conditions (`narrowing`) within the circle's cells (one bitmap
 * scan of posts_search_idx for cells and terms) and before the cursor, up to CANDIDATE_CAP in no order,
 * then the newest page of them; with a category near a point, its cell keys (ADR 031). With `days`, only
 * the cursor's day (or today) and the `days` before it: final when they hold a page within the cap.
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

/** The walk without a budget: exact whatever it reads; without a circle, the feed's own walk with the rule. */
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
 * The tag step (ADR 035): post_tags' range of the tags starting with the one `#term` (`from`, `to`),
 * filtered by the circle, category and cursor on the index's own columns, sorted, and looked up in posts
 * newest first until a page is listed. Final when the range held at most `cap` entries.
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
 * A search page's statement (its `ids`): the first step by the plan, the index steps (when a term narrows),
 * and the walk without a budget. Values: `walkRows`, `lastRows`, `tagFrom`, `tagTo`.
 */
export function searchIds(v: FeedValues, plan: SearchPlan, value: (name: string) => Value, tagCap = TAG_CAP): SQL {
  const steps: Step[] = [];
  if (plan.strategy === 'tag') steps.push(tagStep(v, { from: value('tagFrom'), to: value('tagTo') }, tagCap));
  if (plan.strategy === 'walk') steps.push(walkStep(v, value('walkRows')));
  const narrowing = searchNarrowing(plan.terms, value, plan.narrowBy);
  if (narrowing) {
    // Each index step's days hold the earlier ones': once one fills the cap, the later ones would too.
    const indexSteps = [
      ...(plan.recent ? RECENT_DAYS.map((days) => indexStep(v, narrowing, days)) : []),
      indexStep(v, narrowing),
    ];
    const capped: SQL[] = [];
    for (const step of indexSteps) {
      steps.push(capped.length > 0 ? { ...step, skip: sql`(${sql.join(capped, sql` OR `)})` } : step);
      capped.push(sql`${countOf(step.ctes[0]![0])} >= ${literal(CANDIDATE_CAP)}`);
    }
  }
  // Without a circle the last walk has the rule in its conditions, and a plan may then read every match by
  // the index and sort them: the newest posts walked first find a common rule's page.
  if (!v.point) steps.push(walkStep(v, MAX_TAKE, 'a'));
  steps.push(lastStep(v, value('lastRows')));
  return staged(steps);
}

/**
 * The tags a search's one `#term` matches as one range of post_tags_tag_created_idx (ADR 035): under "C",
 * which orders by code point, from the term up to the term with its last character advanced. Only for a
 * search of that one term, of 3 characters or more, on at most `cap` posts by the statistics (`posts`;
 * null when they cannot tell, and the range is tried).
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
