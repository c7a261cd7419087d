import type { PostInput } from '@aaspaas/domain';

/**
 * What another page hands the composer (/send-post, /send-offers) to start a new post from: a
 * template's filled text and rendered picture, say. It travels in the router's location state
 * (`navigate(href, { state: postPrefillState(prefill) })`); the composer copies it into its draft,
 * so a reload keeps it.
 */
export type PostPrefill = Partial<
  Pick<PostInput, 'content' | 'hashtags' | 'images' | 'category' | 'mrpPaise' | 'ourPricePaise' | 'homeDelivery'>
> & {
  /** Valid-until as YYYY-MM-DD (India's day), as the form's date field holds it. */
  validUntil?: string | null;
  /** The template the post started from, for the composer to name it. */
  templateId?: string;
};

const KEY = 'aaspaasPostPrefill';

export function postPrefillState(prefill: PostPrefill): Record<string, unknown> {
  return { [KEY]: prefill };
}

/** The prefill in a location's state, or null when it carries none. */
export function readPostPrefill(state: unknown): PostPrefill | null {
  if (!state || typeof state !== 'object' || !(KEY in state)) return null;
  const prefill = (state as Record<string, unknown>)[KEY];
  return prefill && typeof prefill === 'object' ? (prefill as PostPrefill) : null;
}
