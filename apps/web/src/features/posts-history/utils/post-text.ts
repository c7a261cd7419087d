import type { OwnPost } from '@aaspaas/domain';

/** How much of a post's text names it in the list and in the dialogs. */
export const EXCERPT_MAX = 120;

/** The post's text on one line, cut at a word near EXCERPT_MAX with an ellipsis. */
export function excerptOf(content: string, max = EXCERPT_MAX): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  // A word that ends right at the cut stays whole; else go back to the last space (unless that loses too much).
  const space = flat[max] === ' ' ? max : cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An offer is a post with prices: it is edited in /send-offers. */
export function isOffer(post: Pick<OwnPost, 'mrpPaise' | 'ourPricePaise'>): boolean {
  return post.mrpPaise !== null || post.ourPricePaise !== null;
}
