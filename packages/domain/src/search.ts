import { normaliseHashtag } from './hashtags';

/** A search term of docs/product.md §5: '#tag' terms match hashtags only (by prefix), others match any text field. */
export type SearchTerm = { kind: 'hashtag' | 'text'; value: string };

/**
 * What one search may cost: each term is one more condition on every candidate post, and a long
 * term only makes the match narrower. The API refuses more (400); the web can stop typing there.
 */
export const SEARCH_MAX_TERMS = 8;
export const SEARCH_MAX_TERM_LENGTH = 40;

/** Why a search query is refused, or null when it is within SEARCH_MAX_TERMS and SEARCH_MAX_TERM_LENGTH. */
export function searchLimitProblem(query: string): string | null {
  const terms = parseSearchTerms(query);
  if (terms.length > SEARCH_MAX_TERMS) return `q may have at most ${SEARCH_MAX_TERMS} search terms`;
  if (terms.some((t) => [...t.value].length > SEARCH_MAX_TERM_LENGTH)) {
    return `each search term in q must be at most ${SEARCH_MAX_TERM_LENGTH} characters`;
  }
  return null;
}

/**
 * Terms are split on spaces and commas; every term must match. Lower-cased and in Unicode NFC, as
 * stored text is (stripInvisibleFormatting); empty terms dropped.
 */
export function parseSearchTerms(query: string): SearchTerm[] {
  return query
    .split(/[\s,]+/)
    .map((t) => t.trim().toLowerCase().normalize('NFC'))
    .filter((t) => t.length > 0 && t !== '#')
    .map((t) => (t.startsWith('#') ? { kind: 'hashtag', value: normaliseHashtag(t) } : { kind: 'text', value: t }));
}

/** The fields a text term is matched against (docs/product.md §5). */
export type SearchablePost = {
  content: string;
  hashtags: readonly string[];
  businessName: string;
  authorName: string;
  category: string;
  city: string | null;
  state: string | null;
};

/** Client-side mirror of the server's search, for filtering already loaded posts instantly. */
export function matchesSearch(post: SearchablePost, terms: readonly SearchTerm[]): boolean {
  const text = [
    post.content,
    post.businessName,
    post.authorName,
    post.category,
    post.city ?? '',
    post.state ?? '',
    ...post.hashtags,
  ]
    .join('\n')
    .toLowerCase();
  return terms.every((term) =>
    term.kind === 'hashtag' ? post.hashtags.some((h) => h.toLowerCase().startsWith(term.value)) : text.includes(term.value),
  );
}
