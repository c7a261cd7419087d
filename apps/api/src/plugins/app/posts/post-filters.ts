import { parseSearchTerms } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { likePattern } from '#src/lib/like-pattern';

/**
 * Conditions on `p` (posts) shared by every post listing: a live, visible post. A hidden post (by the
 * admin, visitors' reports or its suspended business) leaves every listing at once.
 */
export const LISTED_POST = sql`(p.expires_at IS NULL OR p.expires_at > now()) AND p.hidden_at IS NULL`;

/**
 * The post's business is open at `at` (a timestamptz), whose India minute of the week is `minute`: a
 * span of its week holds the minute and no closure holds the instant (business_week_hours and
 * business_closures, written from users.hours by the same rule as openStatus: opening-hours.ts's
 * weeklyOpenMinutes and closedSpans). Both are index lookups by the post's user_id, made for each row a
 * walk reads once it passes the row's own conditions (ADR 052): OFFSET 0 keeps each a per-row subplan.
 * Turned into joins, a generic plan drove the walk from the businesses open now (91,141 buffers for a
 * town's 5 km `#offer` at 1M posts; 25 checked per row).
 */
export function openNowFilter(at: unknown, minute: unknown): SQL {
  return sql`EXISTS (SELECT 1 FROM business_week_hours bh WHERE bh.user_id = p.user_id AND bh.from_minute <= ${minute}::int AND bh.to_minute > ${minute}::int OFFSET 0)
    AND NOT EXISTS (SELECT 1 FROM business_closures bc WHERE bc.user_id = p.user_id AND bc.ends_at > ${at}::timestamptz AND bc.starts_at <= ${at}::timestamptz OFFSET 0)`;
}

/**
 * How a text term's businesses enter a search (readNameMatches): none match, a list of at most
 * NAME_MATCHES_CAP, or more (checked on each row through users).
 */
export type NamesShape = 'none' | 'listed' | 'unbounded';

/**
 * What a search term makes of a statement, without its values: statements built from the same shapes
 * are the same text, so a search's statement is prepared once per shape and given its values (ADR 025).
 */
export type TermShape = { kind: 'hashtag' } | { kind: 'text'; names: NamesShape };

/**
 * A statement's value by its name: the value itself, or a placeholder that a prepared statement is
 * given at execution. Builders take values only through it, so their SQL depends on shapes alone.
 */
export type ValueRef = (name: string) => unknown;

/** A search's values by name: `term{i}` (the i-th term's LIKE pattern), `names{i}` (its listed businesses' ids, uuid[]). */
export type SearchValues = Record<string, unknown>;

/**
 * The terms of q (docs/product.md §5): their shapes and their values. `names` are nameMatchesQuery's
 * lists, read just before; without them every text term checks names on each row.
 */
export function searchTerms(q: string | undefined, names?: string[][]): { shapes: TermShape[]; values: SearchValues } {
  const shapes: TermShape[] = [];
  const values: SearchValues = {};
  let text = 0;
  parseSearchTerms(q ?? '').forEach((term, i) => {
    if (term.kind === 'hashtag') {
      shapes.push({ kind: 'hashtag' });
      values[`term${i}`] = likePattern(term.value, 'prefix');
      return;
    }
    values[`term${i}`] = likePattern(term.value, 'contains');
    const users = names?.[text++];
    if (!users || users.length > NAME_MATCHES_CAP) {
      shapes.push({ kind: 'text', names: 'unbounded' });
    } else if (users.length === 0) {
      shapes.push({ kind: 'text', names: 'none' });
    } else {
      shapes.push({ kind: 'text', names: 'listed' });
      values[`names${i}`] = `{${users.join(',')}}`;
    }
  });
  return { shapes, values };
}

/**
 * The search of docs/product.md §5 on `p` (every term must match; '#term' matches hashtags only, by
 * prefix), whatever the post's state. Null without terms. searchIndexConditions only helps an index
 * find these rows; this decides them. A text term's listed businesses (`names{i}`) stand for its
 * business and author names: a row is then checked without reading users, which a row that does not
 * hold the term in its own text would otherwise cost (ADR 023).
 */
export function termsFilter(shapes: TermShape[], value: ValueRef): SQL | null {
  const parts = shapes.map((shape, i) => {
    const pattern = value(`term${i}`);
    if (shape.kind === 'hashtag') {
      return sql`EXISTS (SELECT 1 FROM unnest(p.hashtags) AS h(tag) WHERE h.tag LIKE ${pattern})`;
    }
    const named =
      shape.names === 'listed'
        ? sql`OR p.user_id = ANY(${value(`names${i}`)}::uuid[])`
        : shape.names === 'none'
          ? sql``
          : sql`OR EXISTS (SELECT 1 FROM users su WHERE su.id = p.user_id AND (su.business_name ILIKE ${pattern} OR su.name ILIKE ${pattern}))`;
    return sql`(
        p.content ILIKE ${pattern} OR p.category ILIKE ${pattern} OR p.city ILIKE ${pattern} OR p.state ILIKE ${pattern}
        OR array_to_string(p.hashtags, ' ') ILIKE ${pattern}
        ${named})`;
  });
  return parts.length > 0 ? sql.join(parts, sql` AND `) : null;
}

/** Most businesses a term's name matches are listed for the index step; a term matching more gives the index no condition. */
export const NAME_MATCHES_CAP = 200;

/** The LIKE patterns of the text terms of `q`, in order: what nameMatchesQuery is given. */
export function namePatterns(q: string | undefined): string[] {
  return parseSearchTerms(q ?? '')
    .filter((t) => t.kind === 'text')
    .map((t) => likePattern(t.value, 'contains'));
}

/**
 * For each of `patterns` (a text term's, namePatterns, or a placeholder for it), in order (`i` from 0),
 * the users whose business or author name contains it, up to NAME_MATCHES_CAP + 1 (through
 * users_names_trgm_idx). Read once per search, before its statement, so the statement's index
 * conditions hold a list instead of a subquery per term and step that the GIN index cannot be asked
 * with. The text depends only on how many patterns there are: the feed prepares one per number of terms.
 */
export function nameMatchesQuery(patterns: unknown[]): SQL {
  const rows = patterns.map((pattern, i) => sql`(${sql.raw(String(i))}::int, ${pattern}::text)`);
  return sql`
    SELECT t.i, m.ids FROM (VALUES ${sql.join(rows, sql`, `)}) AS t(i, pattern)
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(su.id::text), '{}') AS ids FROM (
        SELECT su.id FROM users su WHERE su.business_name ILIKE t.pattern OR su.name ILIKE t.pattern LIMIT ${sql.raw(String(NAME_MATCHES_CAP + 1))}
      ) AS su
    ) AS m
    ORDER BY t.i`;
}

/** The users whose names each text term of `q` matches (nameMatchesQuery), one list per term. */
export async function readNameMatches(db: Executor, q: string | undefined): Promise<string[][]> {
  const patterns = namePatterns(q);
  if (patterns.length === 0) return [];
  const { rows } = await db.execute<{ i: number; ids: string[] }>(nameMatchesQuery(patterns));
  return rows.map((r) => r.ids);
}

/**
 * Statistics of migration 0021 (ADR 023), filled by ANALYZE: the share of posts whose searched text,
 * and whose hashtags, hold each of the most common trigrams, and the share of each category. A key
 * not listed is rarer than the listed ones; it is given `unlisted` (half the least listed share, at
 * most 0.5 %, as the planner estimates an element missing from its list).
 */
export type SearchShares = Record<'text' | 'tags' | 'category' | 'cell', { listed: Map<string, number>; unlisted: number }> & {
  /** How many posts ANALYZE counted (pg_class.reltuples): a share × this is about a number of posts. */
  posts: number;
  /** Posts per page of the table (reltuples ÷ relpages), or null when unknown: what a walk in the order posts were written reads a page for. */
  postsPerPage: number | null;
  /**
   * About how many posts a day were made lately: over the newest tenth of ANALYZE's histogram of
   * posts.created_at (postsPerDay). Null when unknown. A rate, not a count since a date, so it holds
   * for the posts made since that ANALYZE too.
   */
  perDay: number | null;
};

/** A category's share of posts (the statistics keep categories lowercased, as the index does). */
export function categoryShare(shares: SearchShares, category: string): number {
  return shares.category.listed.get(category.toLowerCase()) ?? shares.category.unlisted;
}

const SHARE_STATISTICS = {
  text: 'posts_search_text_trigrams',
  tags: 'posts_tags_text_trigrams',
  category: 'posts_category_shares',
} as const;

/** What the statistics say, or null before ANALYZE has filled them (every condition is then asked). */
export async function readSearchShares(db: Executor): Promise<SearchShares | null> {
  const { rows } = await db.execute<{ name: string; keys: string[] | null; freqs: number[] | null }>(sql`
    SELECT statistics_name AS name,
      CASE WHEN statistics_name = ${SHARE_STATISTICS.category} THEN most_common_vals::text::text[] ELSE most_common_elems::text::text[] END AS keys,
      CASE WHEN statistics_name = ${SHARE_STATISTICS.category} THEN most_common_freqs ELSE most_common_elem_freqs END AS freqs
    FROM pg_stats_ext_exprs
    WHERE schemaname = current_schema() AND tablename = 'posts'
      AND statistics_name IN (${SHARE_STATISTICS.text}, ${SHARE_STATISTICS.tags}, ${SHARE_STATISTICS.category})`);
  // The grid cells' shares of posts, from ANALYZE's own statistics of posts.cell: the most common
  // cells, and the rest spread evenly over the other distinct cells.
  const { rows: cells } = await db.execute<{
    keys: string[] | null;
    freqs: number[] | null;
    n_distinct: number;
    null_frac: number;
    posts: number;
    pages: number;
  }>(sql`
    SELECT most_common_vals::text::text[] AS keys, most_common_freqs AS freqs, n_distinct, null_frac,
      t.reltuples AS posts, t.relpages AS pages
    FROM pg_stats CROSS JOIN (
      SELECT c.reltuples, c.relpages FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = 'posts'
    ) AS t
    WHERE schemaname = current_schema() AND tablename = 'posts' AND attname = 'cell'`);
  const cell = cells[0];
  if (!cell?.keys || !cell.freqs) return null;
  const { rows: created } = await db.execute<{ bounds: number[] | null; share: number }>(sql`
    SELECT (SELECT array_agg((extract(epoch FROM t) * 1000)::float8 ORDER BY o)
            FROM unnest(histogram_bounds::text::timestamptz[]) WITH ORDINALITY AS b(t, o)) AS bounds,
      1 - null_frac - coalesce((SELECT sum(f) FROM unnest(most_common_freqs) AS f), 0) AS share
    FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'posts' AND attname = 'created_at'`);
  const posts = Math.max(0, Number(cell.posts));
  const histogram = created[0];
  const pages = Number(cell.pages);
  const shares: Partial<SearchShares> = {
    posts,
    postsPerPage: pages > 0 && posts > 0 ? posts / pages : null,
    perDay: histogram?.bounds ? postsPerDay(histogram.bounds.map(Number), posts * Number(histogram.share)) : null,
  };
  for (const [kind, name] of Object.entries(SHARE_STATISTICS) as [keyof typeof SHARE_STATISTICS, string][]) {
    const row = rows.find((r) => r.name === name);
    if (!row?.keys || !row.freqs) return null;
    // An element list's frequencies end with three more: the least and the most listed share, and nulls'.
    const freqs = row.freqs.slice(0, row.keys.length).map(Number);
    const listed = new Map(row.keys.map((key, i) => [key, freqs[i] ?? 0]));
    shares[kind] = { listed, unlisted: Math.min(0.005, Math.min(...freqs) / 2) };
  }
  const cellFreqs = cell.freqs.map(Number);
  const rest = 1 - Number(cell.null_frac) - cellFreqs.reduce((a, b) => a + b, 0);
  const others = Number(cell.n_distinct) - cellFreqs.length;
  shares.cell = {
    listed: new Map(cell.keys.map((key, i) => [key, cellFreqs[i] ?? 0])),
    unlisted: others > 0 ? Math.max(0, rest) / others : Math.min(...cellFreqs) / 2,
  };
  return shares as SearchShares;
}

export const DAY_MS = 86_400_000;

/**
 * Posts a day over the newest tenth of a histogram of creation times (`bounds`, epoch ms, oldest
 * first; each bucket holds an equal part of `posts`). Null when the histogram is too short to tell, or
 * its newest tenth took no time.
 */
export function postsPerDay(bounds: number[], posts: number): number | null {
  const buckets = bounds.length - 1;
  if (buckets < 1 || !(posts > 0)) return null;
  const newest = Math.max(1, Math.round(buckets / 10));
  const ms = bounds[buckets]! - bounds[buckets - newest]!;
  return ms > 0 ? (posts * (newest / buckets)) / (ms / DAY_MS) : null;
}

/**
 * About how many posts one page of a GIN posting list holds (compressed item pointers, 1–2 bytes
 * each): a condition's list over a stretch of the table costs its share × the posts there / this.
 */
const POSTING_ITEMS_PER_PAGE = 4000;

/** Trigrams of a term the index is asked for at most (ADR 023): each is one more posting list per step. */
export const SEARCH_TERM_TRIGRAMS = 3;

/**
 * The share of posts a `LIKE '%term%'` on a trigram-indexed text can match at most: the least common
 * of the term's trigrams; and the part of the term the index is asked for: the SEARCH_TERM_TRIGRAMS
 * consecutive trigrams that hold the least common one (a post holding the term holds that part, and
 * the part is nearly as rare). Null when pg_trgm would make trigrams this does not (letters beyond
 * a–z, other signs): such a term is taken for a common one and asked whole.
 */
function trigramShare(term: string, stats: SearchShares['text']): { share: number; part: string; listed: boolean } | null {
  const word = term.toLowerCase();
  if (!/^[a-z0-9]{3,}$/.test(word)) return null;
  const shares = Array.from({ length: word.length - 2 }, (_, i) => stats.listed.get(word.slice(i, i + 3)) ?? stats.unlisted);
  const share = Math.min(...shares);
  const start = Math.min(shares.indexOf(share), Math.max(0, shares.length - SEARCH_TERM_TRIGRAMS));
  // Every listed share is at least twice `unlisted` (readSearchShares).
  return { share, part: word.slice(start, start + SEARCH_TERM_TRIGRAMS + 2), listed: share > stats.unlisted };
}

/**
 * A condition a search asks posts_search_idx: on the hashtags or the own text of term `term` (with its
 * listed businesses' posts when `named`), or on the category; `value` is its pattern (`index{term}`) or
 * the category (`category`). `share` and `lists` weigh it (searchIndexSteps).
 */
export type IndexCondition = {
  of: 'tags' | 'text' | 'category';
  term: number;
  named: boolean;
  value: string;
  share: number | null;
  /** Whether `share` is one the statistics list, not the guess for a trigram rarer than those (`unlisted`). */
  listed: boolean;
  lists: number;
};

function indexConditionList(q: string | undefined, category: string | undefined, names: string[][], shares: SearchShares | null) {
  const conditions: IndexCondition[] = [];
  let text = 0;
  parseSearchTerms(q ?? '').forEach((term, i) => {
    if (term.kind === 'hashtag') {
      // ' tag' at a word's start adds the trigrams of a word starting with its first letter ('  b'), whose
      // posting list holds nearly every post ('#bench…'), and a GIN step advances every list of its
      // condition at each candidate (ADR 018): from three letters on, the tag's own trigrams are asked.
      const wordStart = [...term.value].length < 3 ? ' ' : '';
      const known = shares && !wordStart ? trigramShare(term.value, shares.tags) : null;
      conditions.push({
        of: 'tags',
        term: i,
        named: false,
        value: known ? `%${known.part}%` : `%${wordStart}${likePattern(term.value, 'prefix')}`,
        share: known?.share ?? null,
        listed: known?.listed ?? false,
        lists: known ? known.part.length - 2 : 1,
      });
      return;
    }
    const users = names[text++] ?? [];
    if (users.length > NAME_MATCHES_CAP) return;
    const known = shares ? trigramShare(term.value, shares.text) : null;
    conditions.push({
      of: 'text',
      term: i,
      named: users.length > 0,
      value: known ? `%${known.part}%` : likePattern(term.value, 'contains'),
      // The posts of the businesses the term names are not in the trigram statistics: with any, the share is unknown.
      share: users.length === 0 ? (known?.share ?? null) : null,
      listed: users.length === 0 && (known?.listed ?? false),
      lists: known ? known.part.length - 2 : 1,
    });
  });
  if (category) {
    conditions.push({
      of: 'category',
      term: -1,
      named: false,
      value: category,
      share: shares ? categoryShare(shares, category) : null,
      listed: shares?.category.listed.has(category.toLowerCase()) ?? false,
      lists: 1,
    });
  }
  return conditions;
}

/** The name of an index condition's value. */
const indexValueName = (c: Pick<IndexCondition, 'of' | 'term'>) => (c.of === 'category' ? 'category' : `index${c.term}`);

/** The values of index conditions by name (indexConditionsSql reads them). */
export function indexValues(conditions: IndexCondition[]): SearchValues {
  return Object.fromEntries(conditions.map((c) => [indexValueName(c), c.value]));
}

/**
 * Index conditions (their shapes: `of`, `term`, `named`) ANDed, their values through `value`: the
 * patterns (indexValues), and the listed businesses' ids (searchTerms' `names{term}`).
 */
export function indexConditionsSql(conditions: Pick<IndexCondition, 'of' | 'term' | 'named'>[], value: ValueRef): SQL {
  if (conditions.length === 0) return sql`true`;
  const parts = conditions.map((c) => {
    const v = value(indexValueName(c));
    if (c.of === 'tags') return sql`posts_tags_text(p.hashtags) LIKE ${v}`;
    if (c.of === 'category') return sql`ARRAY[lower(p.category)] && ARRAY[lower(${v})]`;
    const own = sql`posts_search_text(p.content, p.category, p.city, p.state, p.hashtags) ILIKE ${v}`;
    return c.named ? sql`(${own} OR p.user_id = ANY(${value(`names${c.term}`)}::uuid[]))` : own;
  });
  return sql.join(parts, sql` AND `);
}

/**
 * For a search, conditions implied by a search's terms (termsFilter) and category that the GIN index
 * posts_search_idx can answer (trigrams of the post's own text and of its hashtags; the category as
 * a one-element array) or a btree can (the posts of the businesses whose names match, `names`: one
 * list per text term, from nameMatchesQuery). ANDed with termsFilter they change no result: they
 * only let the database find rare matches from the index instead of reading posts one by one. A term
 * matching more than NAME_MATCHES_CAP businesses adds none (termsFilter still holds it).
 */
export function searchIndexConditions(q: string | undefined, category: string | undefined, names: string[][]): SQL {
  const conditions = indexConditionList(q, category, names, null);
  const values = { ...searchTerms(q, names).values, ...indexValues(conditions) };
  return indexConditionsSql(conditions, (name) => values[name]);
}

/**
 * The index conditions of a search's steps (ADR 023). The first window's: every condition (a common
 * term's posting lists are read only over the last days' few pages). The later windows', which reach
 * across months: each condition, rarest first by the statistics (`shares`), only if walking its posting
 * lists costs less than reading the rows it would rule out. Per post of the stretch of table a step
 * covers, the circle (`cells`, its grid cells' share of posts) and the conditions kept so far find
 * circle × their shares candidates (as if independent), each a row read; a condition's lists cost
 * lists × its share / POSTING_ITEMS_PER_PAGE pages and would rule out (1 − its share) of them. Without
 * a circle the rarest is always kept. A condition left out is still checked on every row found
 * (termsFilter). Without statistics, or when no condition's share is known, every condition in every
 * step. With a circle, a category is no condition: the circle's keys are its cells' posts of that
 * category (posts_category_cells, ADR 031), and the circle's share is theirs.
 * - `termsShare`: the share of posts the statistics say hold every term (as if independent; the
 *   category aside), null when a term's is unknown; `termsListed`: whether every term's share is one the
 *   statistics list (not the guess for the rarer ones);
 * - `laterShare`: the share of posts the later steps' conditions find over every day (the circle and
 *   the conditions kept), null when unknown;
 * - `circleShare`: the circle's (its cells', of the category), 1 without one; null when unknown.
 */
export function searchIndexSteps(
  q: string | undefined,
  category: string | undefined,
  names: string[][],
  shares: SearchShares | null,
  cells: number[] | null,
): {
  first: IndexCondition[];
  later: IndexCondition[];
  termsShare: number | null;
  termsListed: boolean;
  laterShare: number | null;
  circleShare: number | null;
} {
  // Near a point the category is part of the circle's keys (posts_category_cells, ADR 031), not a condition of its own.
  const conditions = indexConditionList(q, cells ? undefined : category, names, shares);
  const known = conditions.filter((c) => c.share !== null);
  const termConditions = conditions.filter((c) => c.of !== 'category');
  // Every term must have a condition of known share (a term naming too many businesses has none).
  const termsShare =
    shares && termConditions.length === parseSearchTerms(q ?? '').length && termConditions.every((c) => c.share !== null)
      ? termConditions.reduce((product, c) => product * (c.share ?? 1), 1)
      : null;
  const termsListed = termsShare !== null && termConditions.every((c) => c.listed);
  if (!shares || known.length === 0)
    return { first: conditions, later: conditions, termsShare, termsListed, laterShare: null, circleShare: null };
  const byShare = [...known].sort((a, b) => (a.share ?? 1) - (b.share ?? 1));
  const circle = cells
    ? Math.min(
        1,
        cells.reduce((sum, cell) => sum + (shares.cell.listed.get(String(cell)) ?? shares.cell.unlisted), 0),
      ) * (category ? categoryShare(shares, category) : 1)
    : 1;
  // Rarest first: each condition kept narrows the candidates the next one is weighed against.
  const kept = new Set<IndexCondition>();
  let candidates = circle;
  for (const c of byShare) {
    const share = c.share ?? 1;
    // Without a circle the rarest is kept whatever it costs: the index step needs a condition.
    if ((kept.size > 0 || cells) && (c.lists * share) / POSTING_ITEMS_PER_PAGE >= candidates * (1 - share)) continue;
    kept.add(c);
    candidates *= share;
  }
  return {
    first: conditions,
    later: conditions.filter((c) => kept.has(c)),
    termsShare,
    termsListed,
    laterShare: candidates,
    circleShare: circle,
  };
}

/**
 * The tags a search's `#term` matches as one range of post_tags_tag_created_idx (ADR 035): from the
 * term (`tagFrom`) up to the term with its last character advanced (`tagTo`, not included). Under "C",
 * which orders by code point, every tag starting with the term lies there and no other. Only for a
 * search of that one term, of 3 characters or more, which the statistics say may be on at most `cap`
 * posts, or whose trigrams' share they do not list (rarer than every listed one) or cannot tell (letters
 * beyond a–z). Null otherwise, and the search goes through posts_search_idx: a shorter prefix is most
 * likely a common one; and another term is checked on each post the range holds, in the order they
 * were made, which for a term none of them holds is every post of the range (posts_search_idx intersects
 * the terms' lists instead).
 */
export function rareTagRange(
  q: string | undefined,
  shares: SearchShares | null,
  cap: number,
): { tagFrom: string; tagTo: string } | null {
  const terms = parseSearchTerms(q ?? '');
  const term = terms[0];
  if (terms.length !== 1 || term?.kind !== 'hashtag') return null;
  const chars = [...term.value];
  if (chars.length < 3) return null;
  const known = shares ? trigramShare(term.value, shares.tags) : null;
  if (shares && known?.listed && known.share * shares.posts > cap) return null;
  let next = chars.at(-1)!.codePointAt(0)! + 1;
  // Surrogates are not characters: the next one after U+D7FF is U+E000.
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
  if (next > 0x10ffff) return null;
  return { tagFrom: term.value, tagTo: chars.slice(0, -1).join('') + String.fromCodePoint(next) };
}
