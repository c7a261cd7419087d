/**
 * The image fallback chain of spec §4: a transformed (resized) URL, then the media form,
 * then the original; after those the web shows 'Image unavailable'.
 * Our media URLs look like /media/<path>.<ext>; resized variants sit beside them as <path>-<width>.webp.
 */
export const FEED_IMAGE_WIDTHS = [480, 1080] as const;

export function imageVariantUrl(url: string, width: number): string | null {
  const m = /^(\/media\/.+?)\.(webp|jpe?g|png)$/i.exec(url);
  return m ? `${m[1]}-${width}.webp` : null;
}

export function imageCandidates(url: string, width: number = FEED_IMAGE_WIDTHS[0]): string[] {
  const variant = imageVariantUrl(url, width);
  const mediaForm = url.includes('?') ? `${url}&alt=media` : `${url}?alt=media`;
  return [...new Set([variant, mediaForm, url].filter((u): u is string => u !== null))];
}
