/**
 * The image fallback chain of docs/product.md §4: a transformed (resized) URL, then the media form,
 * then the original; after those the web shows 'Image unavailable'.
 * Our media URLs look like /media/<path>.<ext>; resized variants sit beside them as <path>-<width>.webp,
 * and the widths a phone's feed shows also as <path>-<width>.avif.
 */

/** Every width written as a WebP variant beside each uploaded (and seeded) image, smallest first. */
export const IMAGE_VARIANT_WIDTHS = [160, 480, 720, 1080] as const;

/**
 * The widths also written as AVIF (about 40 % fewer bytes than our WebP for a photo): what phones
 * take in the feed (480, 720) and avatars (160). Not 1080 (tablets, desktops at DPR 2, the
 * full-screen viewer): it costs as much to encode as the three others together, and those screens
 * are rarely on a metered connection. See docs/performance.md, "Upload and first-page bytes".
 */
export const AVIF_VARIANT_WIDTHS = [160, 480, 720] as const;

export type ImageVariantFormat = 'webp' | 'avif';

/** Every variant file written beside an image: each width as WebP, and the AVIF_VARIANT_WIDTHS as AVIF too. */
export const IMAGE_VARIANT_FILES: readonly { width: number; format: ImageVariantFormat }[] = [
  ...IMAGE_VARIANT_WIDTHS.map((width) => ({ width, format: 'webp' as const })),
  ...AVIF_VARIANT_WIDTHS.map((width) => ({ width, format: 'avif' as const })),
];

/**
 * The feed's srcset: 480 for small screens at DPR 1, 720 for phones (360–412 CSS px at DPR 2–3,
 * see the web's FEED_IMAGE_SIZES), 1080 for tablets, desktops at DPR 2 and the full-screen viewer.
 */
export const FEED_IMAGE_WIDTHS = [480, 720, 1080] as const;

/** Avatars and other small round pictures (44–80 CSS px): the 160 px variant is enough at DPR 3. */
export const THUMBNAIL_IMAGE_WIDTH = 160;

/** The variant a plain <img> starts its fallback chain with when no width is asked for. */
export const DEFAULT_IMAGE_WIDTH = 480;

const MEDIA_URL = /^(\/media\/.+?)\.(webp|jpe?g|png)$/i;

/** `<path>-<width>.<format>` beside one of our media files; null for any other URL. */
export function imageVariantUrl(url: string, width: number, format: ImageVariantFormat = 'webp'): string | null {
  const m = MEDIA_URL.exec(url);
  return m ? `${m[1]}-${width}.${format}` : null;
}

/** Whether a width is written as AVIF too. */
export function hasAvifVariant(width: number): boolean {
  return (AVIF_VARIANT_WIDTHS as readonly number[]).includes(width);
}

/**
 * What a browser that decodes AVIF is offered for a width: the AVIF variant where one is written,
 * the WebP one for the other widths. A srcset of these has the same widths as the WebP one, so
 * with the same `sizes` the browser picks the same width in either format (the type of a
 * <picture> source only decides whether it is considered; the file's own bytes say what it is).
 */
export function avifVariantUrl(url: string, width: number): string | null {
  return imageVariantUrl(url, width, hasAvifVariant(width) ? 'avif' : 'webp');
}

export function imageCandidates(url: string, width: number = DEFAULT_IMAGE_WIDTH): string[] {
  const variant = imageVariantUrl(url, width);
  const mediaForm = url.includes('?') ? `${url}&alt=media` : `${url}?alt=media`;
  return [...new Set([variant, mediaForm, url].filter((u): u is string => u !== null))];
}
