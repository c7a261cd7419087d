import { describe, expect, it } from 'vitest';
import { type SearchShares, rarestTerm, termsShare } from '#src/plugins/app/posts/search/statistics';

/** Statistics that list the trigrams of `fresh` (30 %) and `paneer` (1.5 %), and of the tag `offer` (20 %). */
function shares(): SearchShares {
  const listed = (entries: Record<string, number>) => ({ listed: new Map(Object.entries(entries)), unlisted: 0.001 });
  return {
    text: listed({ fre: 0.3, res: 0.38, esh: 0.3, pan: 0.015, ane: 0.015, nee: 0.015, eer: 0.015 }),
    tags: listed({ off: 0.2, ffe: 0.2, fer: 0.2 }),
    category: listed({}),
    cell: listed({}),
    posts: 1_000_000,
    perDay: null,
  };
}

describe('the terms a search narrows by', () => {
  it('is the rarest term, wherever it stands', () => {
    expect(rarestTerm('fresh paneer', shares())).toBe(1);
    expect(rarestTerm('paneer fresh', shares())).toBe(0);
    expect(rarestTerm('#offer fresh', shares())).toBe(0);
    expect(termsShare('fresh paneer', shares())).toBe(0.015);
  });

  it('prefers a term with a trigram the statistics do not list (rarer than any listed)', () => {
    expect(rarestTerm('paneer kulfi', shares())).toBe(1);
    expect(termsShare('paneer kulfi', shares())).toBeNull();
  });

  it('is none when a term cannot be told (letters beyond a–z, or under three): every term narrows', () => {
    expect(rarestTerm('fresh पनीर', shares())).toBeNull();
    expect(rarestTerm('fresh ab', shares())).toBeNull();
  });
});
