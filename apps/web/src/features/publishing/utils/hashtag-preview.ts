import { extractHashtags, MAX_HASHTAGS } from '@aaspaas/domain/rules';

const HASHTAG_IN_TEXT = /#([\p{L}\p{M}\p{N}_]+)/gu;

function loose(tag: string): string {
  return tag.trim().replace(/^#+/, '').toLowerCase();
}

/**
 * What the post will carry (the server's own rule, docs/product.md §5: extractHashtags over the tag field and
 * the text's #words) and, to explain the limit, the tags left out beyond the first ten.
 */
export function hashtagPreview(tags: readonly string[], content: string): { kept: string[]; leftOut: string[]; full: boolean } {
  const kept = extractHashtags(tags, content);
  const all = [...tags, ...Array.from(content.matchAll(HASHTAG_IN_TEXT), (m) => m[1] ?? '')].map(loose).filter(Boolean);
  const leftOut = [...new Set(all)].filter((tag) => !kept.includes(tag) && /^[\p{L}\p{M}\p{N}_]+$/u.test(tag));
  return { kept, leftOut, full: kept.length >= MAX_HASHTAGS };
}

/** A tag as typed into the tag field: without '#', spaces or punctuation, lower-case. */
export function cleanTag(raw: string): string {
  return loose(raw).replace(/[^\p{L}\p{M}\p{N}_]/gu, '');
}
