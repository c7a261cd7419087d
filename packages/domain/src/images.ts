/**
 * The image fallback chain of spec §4: a transformed (resized) URL, then the media form,
 * then the original; after those the web shows 'Image unavailable'.
 * Our media URLs look like /media/<path>.<ext>; resized variants sit beside them as <path>-<width>.webp.
 */

/** Every width written as a WebP variant beside each uploaded (and seeded) image, smallest first. */
export const IMAGE_VARIANT_WIDTHS = [160, 480, 720, 1080] as const;

/**
 * The feed's srcset: 480 for small screens at DPR 1, 720 for phones (360–412 CSS px at DPR 2–3,
 * see the web's FEED_IMAGE_SIZES), 1080 for tablets, desktops at DPR 2 and the full-screen viewer.
 */
export const FEED_IMAGE_WIDTHS = [480, 720, 1080] as const;

/** Avatars and other small round pictures (44–80 CSS px): the 160 px variant is enough at DPR 3. */
export const THUMBNAIL_IMAGE_WIDTH = 160;

/** The variant a plain <img> starts its fallback chain with when no width is asked for. */
export const DEFAULT_IMAGE_WIDTH = 480;

export function imageVariantUrl(url: string, width: number): string | null {
  const m = /^(\/media\/.+?)\.(webp|jpe?g|png)$/i.exec(url);
  return m ? `${m[1]}-${width}.webp` : null;
}

export function imageCandidates(url: string, width: number = DEFAULT_IMAGE_WIDTH): string[] {
  const variant = imageVariantUrl(url, width);
  const mediaForm = url.includes('?') ? `${url}&alt=media` : `${url}?alt=media`;
  return [...new Set([variant, mediaForm, url].filter((u): u is string => u !== null))];
}
