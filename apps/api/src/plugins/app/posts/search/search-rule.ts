import { parseSearchTerms } from '@aaspaas/domain';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '#src/lib/like-pattern';

/**
 * The search rule of docs/product.md §5, the one place it is written (docs/search.md): every term must
 * match; a text term anywhere in the post's text, category, city, state, hashtags or business and author
 * names (owner_names, kept by triggers); a `#term` a hashtag, by prefix. The feed and moderation use it.
 */

/** Everything a text term is matched against, lines apart (a term has no line break). posts_search_idx indexes it. */
export const SEARCH_TEXT = sql`posts_search_text(p.content, p.category, p.city, p.state, p.hashtags, p.owner_names)`;

/**
 * A term's shape: what its SQL depends on, beside its value. `ascii`: compared under the "C" collation,
 * about ten times faster a row. `narrows`: the trigram index can narrow it (any `#term`, a text term of
 * three characters or more: a shorter one has no trigram of its own).
 */
export type TermShape = { kind: 'hashtag' | 'text'; ascii: boolean; narrows: boolean };

/** The terms of `q`: their shapes, and their LIKE patterns as values `term0`, `term1`… */
export function searchTerms(q: string | undefined): { shapes: TermShape[]; values: Record<string, string> } {
  const shapes: TermShape[] = [];
  const values: Record<string, string> = {};
  parseSearchTerms(q ?? '').forEach((term, i) => {
    const pattern = likePattern(term.value, term.kind === 'hashtag' ? 'prefix' : 'contains');
    const narrows = term.kind === 'hashtag' || [...term.value].length >= 3;
    shapes.push({ kind: term.kind, ascii: /^[\x20-\x7e]*$/.test(pattern), narrows });
    values[`term${i}`] = pattern;
    // The index's part of a `#term`: the tag in the tags' text, from a word's start when it is short.
    if (term.kind === 'hashtag') values[`tags${i}`] = `%${[...term.value].length < 3 ? ' ' : ''}${pattern}`;
  });
  return { shapes, values };
}

/** A value of the rule by name: the value itself or a placeholder. */
export type ValueOf = (name: string) => unknown;

/** The rule on `p` (posts): the exact filter that decides which posts match. Null without terms. */
export function searchRule(shapes: TermShape[], value: ValueOf, text: SQL = SEARCH_TEXT): SQL | null {
  const parts = shapes.map((shape, i) => {
    const pattern = value(`term${i}`);
    if (shape.kind === 'hashtag') return sql`EXISTS (SELECT 1 FROM unnest(p.hashtags) AS h(tag) WHERE h.tag LIKE ${pattern})`;
    return shape.ascii ? sql`${text} ILIKE ${pattern}::text COLLATE "C"` : sql`${text} ILIKE ${pattern}`;
  });
  return parts.length > 0 ? sql.join(parts, sql` AND `) : null;
}

/**
 * Conditions posts_search_idx answers that every match of the rule meets, one per term that `narrows`
 * (only the term at `only`, when it narrows): they narrow where to look; the rule decides. Null: none narrows.
 */
export function searchNarrowing(shapes: TermShape[], value: ValueOf, only: number | null = null): SQL | null {
  const parts = shapes.flatMap((shape, i) => {
    if (!shape.narrows || (only !== null && shapes[only]?.narrows && i !== only)) return [];
    return shape.kind === 'hashtag'
      ? [sql`posts_tags_text(p.hashtags) LIKE ${value(`tags${i}`)}`]
      : [sql`${SEARCH_TEXT} ILIKE ${value(`term${i}`)}`];
  });
  return parts.length > 0 ? sql.join(parts, sql` AND `) : null;
}
