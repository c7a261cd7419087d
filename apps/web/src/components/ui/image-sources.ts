import { FEED_IMAGE_WIDTHS, IMAGE_VARIANT_WIDTHS, avifVariantUrl, imageCandidates, imageVariantUrl } from '@aaspaas/domain/rules';

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

function srcSetOf(
  src: string,
  widths: readonly number[],
  variantUrl: (src: string, width: number) => string | null = imageVariantUrl,
): string | undefined {
  const variants = widths.map((w) => [variantUrl(src, w), w] as const);
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
 * The same srcset for browsers that decode AVIF (SmartImage's <source type="image/avif">): the
 * same widths, as AVIF where it is written (480, 720) and WebP for 1080, so with the same `sizes`
 * the browser takes the same width as from the WebP srcset, only lighter on a phone.
 */
export function responsiveAvifSrcSet(src: string): string | undefined {
  return srcSetOf(src, FEED_IMAGE_WIDTHS, avifVariantUrl);
}

/**
 * The srcset of a small fixed-size picture (an avatar of 44–80 CSS px): every variant, so with
 * `sizes` of its width the browser takes the 160 px one instead of a 480 px photo.
 */
export function thumbnailSrcSet(src: string): string | undefined {
  return srcSetOf(src, IMAGE_VARIANT_WIDTHS);
}

/** thumbnailSrcSet for browsers that decode AVIF (160, 480 and 720 as AVIF). */
export function thumbnailAvifSrcSet(src: string): string | undefined {
  return srcSetOf(src, IMAGE_VARIANT_WIDTHS, avifVariantUrl);
}

/** A 1×1 AVIF (279 bytes): whether this browser decodes it says whether <picture> will take our AVIF source. */
const TINY_AVIF =
  'data:image/avif;base64,AAAAHGZ0eXBhdmlmAAAAAG1pZjFhdmlmbWlhZgAAANZtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAACJpbG9jAAAAAERAAAEAAQAAAAAA+gABAAAAAAAAAB0AAAAjaWluZgAAAAAAAQAAABVpbmZlAgAAAAABAABhdjAxAAAAAA5waXRtAAAAAAABAAAAVmlwcnAAAAA4aXBjbwAAAAxhdjFDgSACAAAAABRpc3BlAAAAAAAAAAEAAAABAAAAEHBpeGkAAAAAAwgICAAAABZpcG1hAAAAAAAAAAEAAQOBAgMAAAAlbWRhdBIACgc4AAbQENBpMhAf8mKE4AAWAAAQkDWTv53G';

let avifDecodes: Promise<boolean> | null = null;

/**
 * Whether this browser decodes AVIF, asked once (a data URL: no network). The preload and the
 * prefetch need it to ask for the file the card's <picture> will take, and never both formats.
 */
export function avifSupported(): Promise<boolean> {
  avifDecodes ??= new Promise<boolean>((resolve) => {
    const probe = new Image();
    probe.onload = () => resolve(probe.naturalWidth === 1);
    probe.onerror = () => resolve(false);
    probe.src = TINY_AVIF;
  });
  return avifDecodes;
}

/** The srcset the card's <picture> takes in this browser: the AVIF one when it decodes AVIF, else the WebP one. */
async function chosenSrcSet(src: string): Promise<{ srcSet: string | undefined; avif: boolean }> {
  const avif = (await avifSupported()) ? responsiveAvifSrcSet(src) : undefined;
  return avif ? { srcSet: avif, avif: true } : { srcSet: responsiveSrcSet(src), avif: false };
}

/** Ask for a photo early and at high priority (the feed's LCP), as the <picture> SmartImage renders will. */
export async function preloadResponsiveImage(src: string, sizes: string = FEED_IMAGE_SIZES): Promise<void> {
  const href = imageCandidates(src)[0];
  if (!href) return;
  const { srcSet, avif } = await chosenSrcSet(src);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
    if (avif) link.type = 'image/avif';
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}

/**
 * Warm the HTTP cache with the photo a feed card will show: an <img> that is never attached, with
 * the srcset the card's <picture> takes in this browser and the card's sizes, so the browser
 * picks the very file the card will ask for.
 */
export async function prefetchResponsiveImage(src: string, sizes: string = FEED_IMAGE_SIZES): Promise<void> {
  const href = imageCandidates(src)[0];
  if (!href) return;
  const { srcSet } = await chosenSrcSet(src);
  const img = new Image();
  img.decoding = 'async';
  // sizes and srcset before src: the browser chooses when src is set.
  if (srcSet) {
    img.sizes = sizes;
    img.srcset = srcSet;
  }
  img.src = href;
}
