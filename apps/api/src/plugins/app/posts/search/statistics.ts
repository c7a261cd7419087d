import { type SearchTerm, parseSearchTerms } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';

/**
 * What ANALYZE says of posts, for the feed's estimates: the share of posts whose search text and whose
 * hashtags hold each of the most common trigrams (statistics of migrations 0021 and 0037), each
 * category's share and each 0.25° cell's (posts.cell). A key not listed is rarer than the listed ones:
 * it is given `unlisted`.
 */
export type SearchShares = Record<'text' | 'tags' | 'category' | 'cell', { listed: Map<string, number>; unlisted: number }> & {
  /** How many posts ANALYZE counted (pg_class.reltuples). */
  posts: number;
  /** About how many posts a day were made lately (postsPerDay), or null when unknown. */
  perDay: number | null;
};

export const DAY_MS = 86_400_000;

const SHARE_STATISTICS = {
  text: 'posts_search_text_trigrams',
  tags: 'posts_tags_text_trigrams',
  category: 'posts_category_shares',
} as const;

/** A category's share of posts (the statistics keep categories lowercased). */
export function categoryShare(shares: SearchShares, category: string): number {
  return shares.category.listed.get(category.toLowerCase()) ?? shares.category.unlisted;
}

/** About how many of the posts a located feed lists are made a day: the cover's posts within the circle, of the category. */
export function circlePerDay(
  shares: SearchShares | null,
  cover: { held: number | null; inside: number | null },
  category?: string,
): number | null {
  if (!shares?.perDay || cover.held === null || cover.inside === null) return null;
  return shares.perDay * cover.held * cover.inside * (category ? categoryShare(shares, category) : 1);
}

/** What the statistics say, or null before ANALYZE has filled them. */
export async function readSearchShares(db: Executor): Promise<SearchShares | null> {
  const { rows } = await db.execute<{ name: string; keys: string[] | null; freqs: number[] | null }>(sql`
    SELECT statistics_name AS name,
      CASE WHEN statistics_name = ${SHARE_STATISTICS.category} THEN most_common_vals::text::text[] ELSE most_common_elems::text::text[] END AS keys,
      CASE WHEN statistics_name = ${SHARE_STATISTICS.category} THEN most_common_freqs ELSE most_common_elem_freqs END AS freqs
    FROM pg_stats_ext_exprs
    WHERE schemaname = current_schema() AND tablename = 'posts'
      AND statistics_name IN (${SHARE_STATISTICS.text}, ${SHARE_STATISTICS.tags}, ${SHARE_STATISTICS.category})`);
  // posts.cell's statistics, how many posts, and created_at's histogram (for the posting rate).
  const { rows: cells } = await db.execute<{
    keys: string[] | null;
    freqs: number[] | null;
    n_distinct: number;
    null_frac: number;
    posts: number;
    bounds: number[] | null;
    dated: number | null;
  }>(sql`
    SELECT s.most_common_vals::text::text[] AS keys, s.most_common_freqs AS freqs, s.n_distinct, s.null_frac, t.reltuples AS posts,
      (SELECT array_agg((extract(epoch FROM b.t) * 1000)::float8 ORDER BY b.o)
       FROM unnest(c.histogram_bounds::text::timestamptz[]) WITH ORDINALITY AS b(t, o)) AS bounds,
      1 - c.null_frac - coalesce((SELECT sum(f) FROM unnest(c.most_common_freqs) AS f), 0) AS dated
    FROM pg_stats s CROSS JOIN (
      SELECT c.reltuples FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relname = 'posts'
    ) AS t
    LEFT JOIN pg_stats c ON c.schemaname = s.schemaname AND c.tablename = 'posts' AND c.attname = 'created_at'
    WHERE s.schemaname = current_schema() AND s.tablename = 'posts' AND s.attname = 'cell'`);
  const cell = cells[0];
  if (!cell?.keys || !cell.freqs) return null;
  const posts = Math.max(0, Number(cell.posts));
  const shares: Partial<SearchShares> = {
    posts,
    perDay: cell.bounds ? postsPerDay(cell.bounds.map(Number), posts * Number(cell.dated)) : null,
  };
  for (const [kind, name] of Object.entries(SHARE_STATISTICS) as [keyof typeof SHARE_STATISTICS, string][]) {
    const row = rows.find((r) => r.name === name);
    if (!row?.keys || !row.freqs) return null;
    // An element list's frequencies end with three more (least, most, nulls'); unlisted: half the least, at most 0.5 %.
    const freqs = row.freqs.slice(0, row.keys.length).map(Number);
    shares[kind] = {
      listed: new Map(row.keys.map((key, i) => [key, freqs[i] ?? 0])),
      unlisted: Math.min(0.005, Math.min(...freqs) / 2),
    };
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

/** Posts a day over the newest tenth of a histogram of creation times (`bounds`, epoch ms, oldest first) of `posts`. */
export function postsPerDay(bounds: number[], posts: number): number | null {
  const buckets = bounds.length - 1;
  if (buckets < 1 || !(posts > 0)) return null;
  const newest = Math.max(1, Math.round(buckets / 10));
  const ms = bounds[buckets]! - bounds[buckets - newest]!;
  return ms > 0 ? (posts * (newest / buckets)) / (ms / DAY_MS) : null;
}

/**
 * A term's share of posts by the statistics: its rarest trigram's, or `unlisted` when a trigram is not
 * listed (rarer than every listed one, perhaps absent). Null when its letters are beyond a–z and digits,
 * whose trigrams pg_trgm makes differently.
 */
function termShare(term: SearchTerm, shares: SearchShares): number | 'unlisted' | null {
  const word = term.value.toLowerCase();
  if (!/^[a-z0-9]{3,}$/.test(word)) return null;
  const stats = term.kind === 'hashtag' ? shares.tags : shares.text;
  const trigrams = Array.from({ length: word.length - 2 }, (_, i) => stats.listed.get(word.slice(i, i + 3)));
  return trigrams.includes(undefined) ? 'unlisted' : Math.min(1, ...(trigrams as number[]));
}

/** The share of posts that may hold every term of `q`: the rarest term's. Null when one's cannot be told (termShare). */
export function termsShare(q: string | undefined, shares: SearchShares): number | null {
  const told = parseSearchTerms(q ?? '').map((term) => termShare(term, shares));
  return told.every((share) => typeof share === 'number') ? Math.min(1, ...told) : null;
}

/**
 * The term of `q` (its position) the index steps narrow by: the rarest, an unlisted one before any listed.
 * The others are checked on its matches' rows: a common term's trigram lists cost more to intersect than
 * the rows they leave out. Null when a term's share cannot be told: all narrow.
 */
export function rarestTerm(q: string | undefined, shares: SearchShares): number | null {
  const told = parseSearchTerms(q ?? '').map((term) => termShare(term, shares));
  if (told.length === 0 || told.includes(null)) return null;
  const values = told.map((share) => (share === 'unlisted' ? 0 : share!));
  return values.indexOf(Math.min(...values));
}
