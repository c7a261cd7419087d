import { parseSearchTerms } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/client';
import { likePattern } from '#src/lib/like-pattern';

/**
 * Conditions on `p` (posts) shared by every post listing: live, visible offers only, plus the search of
 * docs/product.md §5 (every term must match; '#term' matches hashtags only, by prefix) and the category
 * filter (case-insensitive exact).
 */
export function postFilters(opts: { q?: string; category?: string }): SQL {
  // A hidden post (by the admin, visitors' reports or its suspended business) leaves every listing at once.
  const parts: SQL[] = [sql`(p.expires_at IS NULL OR p.expires_at > now())`, sql`p.hidden_at IS NULL`];
  if (opts.category) parts.push(sql`lower(p.category) = lower(${opts.category})`);
  const search = searchFilter(opts.q);
  if (search) parts.push(search);
  return sql.join(parts, sql` AND `);
}

/**
 * The search of docs/product.md §5 alone, on `p` (every term must match; '#term' matches hashtags
 * only, by prefix), whatever the post's state: the admin's moderation list searches hidden posts too.
 * Null without terms. searchIndexConditions only helps an index find these rows; this decides them.
 */
export function searchFilter(q: string | undefined): SQL | null {
  const parts: SQL[] = [];
  for (const term of parseSearchTerms(q ?? '')) {
    if (term.kind === 'hashtag') {
      parts.push(sql`EXISTS (SELECT 1 FROM unnest(p.hashtags) AS h(tag) WHERE h.tag LIKE ${likePattern(term.value, 'prefix')})`);
    } else {
      const pattern = likePattern(term.value, 'contains');
      parts.push(sql`(
        p.content ILIKE ${pattern} OR p.category ILIKE ${pattern} OR p.city ILIKE ${pattern} OR p.state ILIKE ${pattern}
        OR array_to_string(p.hashtags, ' ') ILIKE ${pattern}
        OR EXISTS (SELECT 1 FROM users su WHERE su.id = p.user_id AND (su.business_name ILIKE ${pattern} OR su.name ILIKE ${pattern})))`);
    }
  }
  return parts.length > 0 ? sql.join(parts, sql` AND `) : null;
}

/** Most businesses a term's name matches are listed for the index step; a term matching more gives the index no condition. */
export const NAME_MATCHES_CAP = 200;

/**
 * For each text term of `q`, in order (`i` from 0), the users whose business or author name contains
 * it, up to NAME_MATCHES_CAP + 1 (through users_names_trgm_idx). Read once per search, before its
 * statement, so the statement's index conditions hold a list instead of a subquery per term and step
 * that the GIN index cannot be asked with. Null without text terms.
 */
export function nameMatchesQuery(q: string | undefined): SQL | null {
  const patterns = parseSearchTerms(q ?? '')
    .filter((t) => t.kind === 'text')
    .map((t) => likePattern(t.value, 'contains'));
  if (patterns.length === 0) return null;
  const rows = patterns.map((pattern, i) => sql`(${i}::int, ${pattern}::text)`);
  return sql`
    SELECT t.i, m.ids FROM (VALUES ${sql.join(rows, sql`, `)}) AS t(i, pattern)
    CROSS JOIN LATERAL (
      SELECT coalesce(array_agg(su.id::text), '{}') AS ids FROM (
        SELECT su.id FROM users su WHERE su.business_name ILIKE t.pattern OR su.name ILIKE t.pattern LIMIT ${NAME_MATCHES_CAP + 1}
      ) AS su
    ) AS m
    ORDER BY t.i`;
}

/** The users whose names each text term of `q` matches (nameMatchesQuery), one list per term. */
export async function readNameMatches(db: Executor, q: string | undefined): Promise<string[][]> {
  const query = nameMatchesQuery(q);
  if (!query) return [];
  const { rows } = await db.execute<{ i: number; ids: string[] }>(query);
  return rows.map((r) => r.ids);
}

/**
 * For a search, conditions implied by postFilters' terms and category that the GIN index
 * posts_search_idx can answer (trigrams of the post's own text and of its hashtags; the category as
 * a one-element array) or a btree can (the posts of the businesses whose names match, `names`: one
 * list per text term, from nameMatchesQuery). ANDed with postFilters they change no result: they
 * only let the database find rare matches from the index instead of reading posts one by one. A term
 * matching more than NAME_MATCHES_CAP businesses adds none (postFilters still holds it).
 */
export function searchIndexConditions(q: string | undefined, category: string | undefined, names: string[][]): SQL {
  const conditions: SQL[] = [];
  let text = 0;
  for (const term of parseSearchTerms(q ?? '')) {
    if (term.kind === 'hashtag') {
      // ' tag' at a word's start adds the trigrams of a word starting with its first letter ('  b'), whose
      // posting list holds nearly every post ('#bench…'), and a GIN step advances every list of its
      // condition at each candidate (ADR 018): from three letters on, the tag's own trigrams are asked.
      const wordStart = [...term.value].length < 3 ? ' ' : '';
      conditions.push(sql`posts_tags_text(p.hashtags) LIKE ${`%${wordStart}${likePattern(term.value, 'prefix')}`}`);
      continue;
    }
    const users = names[text++] ?? [];
    if (users.length > NAME_MATCHES_CAP) continue;
    const own = sql`posts_search_text(p.content, p.category, p.city, p.state, p.hashtags) ILIKE ${likePattern(term.value, 'contains')}`;
    conditions.push(users.length === 0 ? own : sql`(${own} OR p.user_id = ANY(${`{${users.join(',')}}`}::uuid[]))`);
  }
  if (category) conditions.push(sql`ARRAY[lower(p.category)] && ARRAY[lower(${category})]`);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
}
