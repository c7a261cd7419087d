import { describe, expect, it } from 'vitest';
import {
  AVIF_VARIANT_WIDTHS,
  FEED_IMAGE_WIDTHS,
  IMAGE_VARIANT_FILES,
  IMAGE_VARIANT_WIDTHS,
  avifVariantUrl,
  hasAvifVariant,
  imageCandidates,
  imageVariantUrl,
} from '../src';

describe('image variants', () => {
  it('names a variant beside the original, WebP unless AVIF is asked for', () => {
    expect(imageVariantUrl('/media/uploads/u1/a.jpg', 720)).toBe('/media/uploads/u1/a-720.webp');
    expect(imageVariantUrl('/media/uploads/u1/a.jpg', 720, 'avif')).toBe('/media/uploads/u1/a-720.avif');
    expect(imageVariantUrl('/media/seed/posts/b.webp', 160, 'avif')).toBe('/media/seed/posts/b-160.avif');
    expect(imageVariantUrl('/media/uploads/u1/a.PNG', 480)).toBe('/media/uploads/u1/a-480.webp');
  });

  it('has no variant for a URL that is not one of our media files', () => {
    expect(imageVariantUrl('https://example.com/a.jpg', 720)).toBeNull();
    expect(imageVariantUrl('/media/uploads/u1/a.gif', 720, 'avif')).toBeNull();
    expect(avifVariantUrl('/uploads/a.jpg', 720)).toBeNull();
  });

  it('writes AVIF for the widths a phone shows, not for the full-screen 1080 px', () => {
    expect(AVIF_VARIANT_WIDTHS).toEqual([160, 480, 720]);
    expect(AVIF_VARIANT_WIDTHS.every((w) => (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(w))).toBe(true);
    expect([160, 480, 720, 1080].map(hasAvifVariant)).toEqual([true, true, true, false]);
    expect(IMAGE_VARIANT_FILES.map((f) => `${f.width}.${f.format}`)).toEqual([
      '160.webp',
      '480.webp',
      '720.webp',
      '1080.webp',
      '160.avif',
      '480.avif',
      '720.avif',
    ]);
  });

  it('offers AVIF where written and WebP for the other widths, so both srcsets have the same widths', () => {
    expect(FEED_IMAGE_WIDTHS.map((w) => avifVariantUrl('/media/uploads/u1/a.jpg', w))).toEqual([
      '/media/uploads/u1/a-480.avif',
      '/media/uploads/u1/a-720.avif',
      '/media/uploads/u1/a-1080.webp',
    ]);
  });

  it('keeps the fallback chain on WebP: transformed, media form, original', () => {
    expect(imageCandidates('/media/uploads/u1/a.jpg', 720)).toEqual([
      '/media/uploads/u1/a-720.webp',
      '/media/uploads/u1/a.jpg?alt=media',
      '/media/uploads/u1/a.jpg',
    ]);
    expect(imageCandidates('https://example.com/a.jpg?x=1')).toEqual([
      'https://example.com/a.jpg?x=1&alt=media',
      'https://example.com/a.jpg?x=1',
    ]);
  });
});
