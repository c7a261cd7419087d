/** The web's feed cache and photo prefetch (docs/product.md §9). */
export const FEED_CACHE_MS = 2 * 60 * 1000;
export const IMAGE_PREFETCH_POSTS = 6;
