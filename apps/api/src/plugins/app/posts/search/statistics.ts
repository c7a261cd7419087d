import { type SearchTerm, parseSearchTerms } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';

/**
 * What ANALYZE says of posts, for the feed's estimates: the share of posts whose search text and whose
 * hashtags hold each of the most common trigrams (statistics of migrations 0021 and 0037), each
 * category's share and each 0.25° cell's (posts.cell). A key not listed is rarer than the listed ones:
 * it is given `unlisted` (half the least listed share, at most 0.5 %).
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

/**
 * About how many of the posts a located feed lists are made a day, at the statistics' posting rate:
 * its cover's share of posts (`held`), the part of those within the circle (`inside`), of the category.
 * Null when unknown.
 */
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
  const { rows: cells } = await db.execute<{
    keys: string[] | null;
    freqs: number[] | null;
    n_distinct: number;
    null_frac: number;
    posts: number;
  }>(sql`
    SELECT most_common_vals::text::text[] AS keys, most_common_freqs AS freqs, n_distinct, null_frac, t.reltuples AS posts
    FROM pg_stats CROSS JOIN (
      SELECT c.reltuples FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
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
  const shares: Partial<SearchShares> = {
    posts,
    perDay: histogram?.bounds ? postsPerDay(histogram.bounds.map(Number), posts * Number(histogram.share)) : null,
  };
  for (const [kind, name] of Object.entries(SHARE_STATISTICS) as [keyof typeof SHARE_STATISTICS, string][]) {
    const row = rows.find((r) => r.name === name);
    if (!row?.keys || !row.freqs) return null;
    // An element list's frequencies end with three more: the least and the most listed share, and nulls'.
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

/**
 * Posts a day over the newest tenth of a histogram of creation times (`bounds`, epoch ms, oldest first;
 * each bucket holds an equal part of `posts`). Null when too short to tell, or its newest tenth took no time.
 */
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
  let rarest = 1;
  for (let i = 0; i + 3 <= word.length; i++) {
    const share = stats.listed.get(word.slice(i, i + 3));
    if (share === undefined) return 'unlisted';
    rarest = Math.min(rarest, share);
  }
  return rarest;
}

/**
 * The share of posts that may hold every term of `q`: the rarest term's (a post holding them all holds
 * that one). Null when a term's cannot be told (termShare: unlisted, or not a–z and digits).
 */
export function termsShare(q: string | undefined, shares: SearchShares): number | null {
  let rarest = 1;
  for (const term of parseSearchTerms(q ?? '')) {
    const share = termShare(term, shares);
    if (typeof share !== 'number') return null;
    rarest = Math.min(rarest, share);
  }
  return rarest;
}

/**
 * The term of `q` (its position) the index steps narrow by when it has several: the rarest, an unlisted
 * one before any listed. The others are checked on its matches' rows: a common term's trigrams are long
 * lists that cost more to intersect than the rows they would leave out (10M posts: `fresh`, in 30 %, made
 * `fresh paneer`'s index step read 40 ms of them). Null when a term's share cannot be told: all narrow.
 */
export function rarestTerm(q: string | undefined, shares: SearchShares): number | null {
  let rarest: { at: number; share: number } | null = null;
  for (const [at, term] of parseSearchTerms(q ?? '').entries()) {
    const told = termShare(term, shares);
    if (told === null) return null;
    const share = told === 'unlisted' ? 0 : told;
    if (!rarest || share < rarest.share) rarest = { at, share };
  }
  return rarest?.at ?? null;
}
