import { FEED_IMAGE_WIDTHS, imageCandidates, imageVariantUrl } from '@aaspaas/domain';

/** The `sizes` of a feed-wide image: the full width of a phone, 640 px on wider screens. */
export const FEED_IMAGE_SIZES = '(min-width: 640px) 640px, 100vw';

/**
 * The srcset of an uploaded image's WebP variants (-480, -1080), or undefined when the URL has no
 * variants. SmartImage renders it, and main.tsx preloads the first post's photo with the same one,
 * so the browser picks the same file for both.
 */
export function responsiveSrcSet(src: string): string | undefined {
  const variants = FEED_IMAGE_WIDTHS.map((w) => [imageVariantUrl(src, w), w] as const);
  return variants.every(([u]) => u) ? variants.map(([u, w]) => `${u} ${w}w`).join(', ') : undefined;
}

/** Ask for a photo early and at high priority (the feed's LCP), as the <img> SmartImage renders will. */
export function preloadResponsiveImage(src: string, sizes: string = FEED_IMAGE_SIZES): void {
  const href = imageCandidates(src)[0];
  if (!href) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  const srcSet = responsiveSrcSet(src);
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
