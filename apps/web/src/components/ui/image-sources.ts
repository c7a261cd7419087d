import { FEED_IMAGE_WIDTHS, IMAGE_VARIANT_WIDTHS, imageCandidates, imageVariantUrl } from '@aaspaas/domain';

/**
 * The `sizes` of a feed-wide image: 640 px on screens that wide. On a phone it is not the photo's
 * width but a density cap: Chrome takes the first variant with at least DPR device pixels per
 * `sizes` pixel, so these bands make every phone from DPR 1.75 to 3.5 (a DPR-2 360 px phone, a
 * Pixel 5 at 2.75) take the 720 px variant (480/band < DPR ≤ 720/band) instead of the 1080 px
 * one: at a feed photo's size on a 6-inch screen it looks the same, for about half the bytes.
 * Phones below DPR 1.75 keep 100vw (480 or 720). The full-screen viewer asks for `100vw` and gets
 * the 1080 px one. The <img> is sized by CSS, so `sizes` changes only which file is fetched.
 */
export const FEED_IMAGE_SIZES =
  '(min-width: 640px) 640px, (min-resolution: 2.5dppx) 200px, (min-resolution: 1.75dppx) 280px, 100vw';

function srcSetOf(src: string, widths: readonly number[]): string | undefined {
  const variants = widths.map((w) => [imageVariantUrl(src, w), w] as const);
  return variants.every(([u]) => u) ? variants.map(([u, w]) => `${u} ${w}w`).join(', ') : undefined;
}

/**
 * The srcset of an uploaded image's feed variants (-480, -720, -1080), or undefined when the URL
 * has no variants. SmartImage renders it, main.tsx preloads the first post's photo and the feed
 * prefetches the next ones with the same one, so the browser picks the same file for all three.
 */
export function responsiveSrcSet(src: string): string | undefined {
  return srcSetOf(src, FEED_IMAGE_WIDTHS);
}

/**
 * The srcset of a small fixed-size picture (an avatar of 44–80 CSS px): every variant, so with
 * `sizes` of its width the browser takes the 160 px one instead of a 480 px photo.
 */
export function thumbnailSrcSet(src: string): string | undefined {
  return srcSetOf(src, IMAGE_VARIANT_WIDTHS);
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

/**
 * Warm the HTTP cache with the photo a feed card will show: an <img> that is never attached, with
 * the card's srcset and sizes, so the browser picks the very file the card will ask for.
 * Returns the URL it would load without srcset (for de-duplication).
 */
export function prefetchResponsiveImage(src: string, sizes: string = FEED_IMAGE_SIZES): string | undefined {
  const href = imageCandidates(src)[0];
  if (!href) return undefined;
  const img = new Image();
  img.decoding = 'async';
  const srcSet = responsiveSrcSet(src);
  // sizes and srcset before src: the browser chooses when src is set.
  if (srcSet) {
    img.sizes = sizes;
    img.srcset = srcSet;
  }
  img.src = href;
  return href;
}
