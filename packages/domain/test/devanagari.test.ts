import { describe, expect, it } from 'vitest';
import {
  cleanName,
  extractHashtags,
  matchesSearch,
  parseSearchTerms,
  type SearchablePost,
  stripInvisibleFormatting,
} from '../src/rules';

const post = (over: Partial<SearchablePost>): SearchablePost => ({
  content: '',
  hashtags: [],
  businessName: 'Gupta Mithai',
  authorName: 'Rakesh',
  category: 'Sweets',
  city: 'Lucknow',
  state: null,
  ...over,
});

describe('Devanagari hashtags and search terms', () => {
  it('keeps a tag whole with its matras, conjuncts and nukta', () => {
    expect(extractHashtags([], 'आज #दिवाली की #मिठाई, #क्षेत्रीय और #ताज़ा माल')).toEqual(['दिवाली', 'मिठाई', 'क्षेत्रीय', 'ताज़ा']);
  });

  it('writes a nukta letter one way, however it was typed', () => {
    const precomposed = '#ता\u095Bा';
    const decomposed = '#ता\u091C\u093Cा';
    expect(extractHashtags([precomposed], '')).toEqual(extractHashtags([decomposed], ''));
    expect(parseSearchTerms(precomposed)).toEqual(parseSearchTerms(decomposed));
    expect(parseSearchTerms(precomposed)[0]?.value).toBe(extractHashtags([], decomposed)[0]);
  });

  it('writes stored text and text search terms in NFC too, so a word typed either way finds the other', () => {
    const precomposed = 'ता\u095Bा \u095Eूड';
    const nfc = 'ता\u091C\u093Cा \u092B\u093Cूड';
    expect(stripInvisibleFormatting(precomposed)).toBe(nfc);
    expect(cleanName(` ${precomposed} `)).toBe(nfc);
    expect(parseSearchTerms(precomposed)).toEqual([
      { kind: 'text', value: 'ता\u091C\u093Cा' },
      { kind: 'text', value: '\u092B\u093Cूड' },
    ]);
    const stored = post({ content: stripInvisibleFormatting(`${precomposed} की दुकान`) });
    expect(matchesSearch(stored, parseSearchTerms(nfc))).toBe(true);
    expect(matchesSearch(stored, parseSearchTerms(precomposed))).toBe(true);
  });

  it('#दिवाली finds posts tagged दिवाली, and only those; दिवाली finds the word anywhere', () => {
    const tagged = post({ content: 'ताज़ा मिठाई', hashtags: extractHashtags([], 'ताज़ा मिठाई #दिवाली') });
    const wordOnly = post({ content: 'दिवाली पर छूट', hashtags: ['offer'] });
    const otherTag = post({ content: 'रंग', hashtags: ['होली'] });
    const hashtag = parseSearchTerms('#दिवाली');
    expect([tagged, wordOnly, otherTag].filter((p) => matchesSearch(p, hashtag))).toEqual([tagged]);
    const word = parseSearchTerms('दिवाली');
    expect([tagged, wordOnly, otherTag].filter((p) => matchesSearch(p, word))).toEqual([tagged, wordOnly]);
  });
});
