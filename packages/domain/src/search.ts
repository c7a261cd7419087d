/** A search term of spec §5: '#tag' terms match hashtags only (by prefix), others match any text field. */
export type SearchTerm = { kind: 'hashtag' | 'text'; value: string };

/** Terms are split on spaces and commas; every term must match. Lower-cased; empty terms dropped. */
export function parseSearchTerms(query: string): SearchTerm[] {
  return query
    .split(/[\s,]+/)
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t.length > 0 && t !== '#')
    .map((t) => (t.startsWith('#') ? { kind: 'hashtag', value: t.replace(/^#+/, '') } : { kind: 'text', value: t }));
}

/** The fields a text term is matched against (spec §5). */
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
