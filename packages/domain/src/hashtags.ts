import { MAX_HASHTAGS } from './constants';

const HASHTAG_IN_TEXT = /#([\p{L}\p{M}\p{N}_]+)/gu;

/**
 * A tag as stored and searched: without '#', lower-cased, in Unicode NFC. NFC writes Devanagari's
 * nukta letters (क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़) one way whichever way a keyboard typed them, so '#ताज़ा' finds
 * a post tagged ताज़ा typed on another phone.
 */
export function normaliseHashtag(tag: string): string {
  return tag.trim().replace(/^#+/, '').normalize('NFC').toLowerCase();
}

/**
 * docs/product.md §5: up to 10 hashtags per post, from the tags list plus #words in the content,
 * lower-cased and de-duplicated, in the order they were first seen.
 */
export function extractHashtags(tags: readonly string[], content: string): string[] {
  const seen = new Set<string>();
  const fromContent = Array.from(content.matchAll(HASHTAG_IN_TEXT), (m) => m[1] ?? '');
  for (const raw of [...tags, ...fromContent]) {
    const tag = normaliseHashtag(raw);
    if (tag && /^[\p{L}\p{M}\p{N}_]+$/u.test(tag)) seen.add(tag);
    if (seen.size >= MAX_HASHTAGS) break;
  }
  return [...seen];
}
