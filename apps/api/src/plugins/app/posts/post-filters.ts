import { parseSearchTerms } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '#src/lib/like-pattern';

/**
 * Conditions on `p` (posts) shared by every post listing: live offers only, plus the search of
 * docs/product.md §5 (every term must match; '#term' matches hashtags only, by prefix) and the category
 * filter (case-insensitive exact).
 */
export function postFilters(opts: { q?: string; category?: string }): SQL {
  const parts: SQL[] = [sql`(p.expires_at IS NULL OR p.expires_at > now())`];
  if (opts.category) parts.push(sql`lower(p.category) = lower(${opts.category})`);
  for (const term of parseSearchTerms(opts.q ?? '')) {
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
  return sql.join(parts, sql` AND `);
}

/**
 * For a search, conditions implied by postFilters' terms that the GIN index posts_search_idx can
 * answer (trigrams of the post's own text and of its hashtags; business and author names through
 * the few users whose names match). ANDed with postFilters they change no result: they only let the
 * database find rare matches from the index instead of reading posts one by one. Null without terms.
 */
export function searchIndexConditions(q: string | undefined): SQL | null {
  const terms = parseSearchTerms(q ?? '');
  if (terms.length === 0) return null;
  return sql.join(
    terms.map((term) => {
      if (term.kind === 'hashtag') return sql`posts_tags_text(p.hashtags) LIKE ${`% ${likePattern(term.value, 'prefix')}`}`;
      const pattern = likePattern(term.value, 'contains');
      return sql`(posts_search_text(p.content, p.category, p.city, p.state, p.hashtags) ILIKE ${pattern}
        OR p.user_id = ANY(ARRAY(SELECT su.id FROM users su WHERE su.business_name ILIKE ${pattern} OR su.name ILIKE ${pattern})))`;
    }),
    sql` AND `,
  );
}
