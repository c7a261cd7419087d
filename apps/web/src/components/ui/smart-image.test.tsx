import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEED_IMAGE_SIZES, responsiveAvifSrcSet, responsiveSrcSet, thumbnailAvifSrcSet, thumbnailSrcSet } from './image-sources';
import { SmartImage } from './smart-image';

const PHOTO = '/media/uploads/u1/abc.jpg';

describe('image sources', () => {
  it('offers a feed photo as its 480, 720 and 1080 px variants, an avatar as every variant', () => {
    expect(responsiveSrcSet(PHOTO)).toBe(
      '/media/uploads/u1/abc-480.webp 480w, /media/uploads/u1/abc-720.webp 720w, /media/uploads/u1/abc-1080.webp 1080w',
    );
    expect(thumbnailSrcSet(PHOTO)).toBe(
      '/media/uploads/u1/abc-160.webp 160w, /media/uploads/u1/abc-480.webp 480w, /media/uploads/u1/abc-720.webp 720w, /media/uploads/u1/abc-1080.webp 1080w',
    );
  });

  it('offers the same widths as AVIF where it is written, the 1080 px one as WebP', () => {
    expect(responsiveAvifSrcSet(PHOTO)).toBe(
      '/media/uploads/u1/abc-480.avif 480w, /media/uploads/u1/abc-720.avif 720w, /media/uploads/u1/abc-1080.webp 1080w',
    );
    expect(thumbnailAvifSrcSet(PHOTO)).toBe(
      '/media/uploads/u1/abc-160.avif 160w, /media/uploads/u1/abc-480.avif 480w, /media/uploads/u1/abc-720.avif 720w, /media/uploads/u1/abc-1080.webp 1080w',
    );
  });

  it('has no srcset for an image that is not one of our media files', () => {
    expect(responsiveSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(thumbnailSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(responsiveAvifSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(thumbnailAvifSrcSet('https://example.com/a.jpg')).toBeUndefined();
  });

  it('caps a phone from DPR 1.75 to 3.5 at the 720 px variant', () => {
    // Chrome's choice: the first variant whose width / slot reaches the DPR.
    const pick = (slot: number, dpr: number) => [480, 720, 1080].find((w) => w / slot >= dpr) ?? 1080;
    const slotFor = (dpr: number) => (dpr >= 2.5 ? 200 : dpr >= 1.75 ? 280 : null);
    expect(FEED_IMAGE_SIZES).toBe(
      '(min-width: 640px) 640px, (min-resolution: 2.5dppx) 200px, (min-resolution: 1.75dppx) 280px, 100vw',
    );
    for (const dpr of [1.75, 2, 2.25, 2.5, 2.625, 2.75, 3, 3.5]) expect(pick(slotFor(dpr)!, dpr), `DPR ${dpr}`).toBe(720);
    // Below 1.75 the phone's own width decides: 360 px at DPR 1 takes 480, at DPR 1.5 720.
    expect([pick(360, 1), pick(360, 1.5)]).toEqual([480, 720]);
  });
});

describe('SmartImage', () => {
  it('offers a feed photo as AVIF in a <picture>, then WebP when the AVIF fails, then walks the fallback chain to "Image unavailable"', () => {
    const { container } = render(<SmartImage src={PHOTO} alt="Rice" unavailableText="Image unavailable" />);
    let img = screen.getByRole('img', { name: 'Rice' });
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(source?.getAttribute('srcset')).toBe(responsiveAvifSrcSet(PHOTO));
    expect(source?.getAttribute('sizes')).toBe(FEED_IMAGE_SIZES);
    // The <img> of the <picture> is the WebP one, for browsers without AVIF.
    expect(img.parentElement?.tagName).toBe('PICTURE');
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-480.webp');
    expect(img.getAttribute('srcset')).toBe(responsiveSrcSet(PHOTO));
    expect(img.getAttribute('sizes')).toBe(FEED_IMAGE_SIZES);

    // No AVIF for this photo (an upload from before AVIF): the same WebP srcset, without the source.
    fireEvent.error(img);
    img = screen.getByRole('img', { name: 'Rice' });
    expect(container.querySelector('picture, source')).toBeNull();
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-480.webp');
    expect(img.getAttribute('srcset')).toBe(responsiveSrcSet(PHOTO));
    expect(img.getAttribute('sizes')).toBe(FEED_IMAGE_SIZES);

    fireEvent.error(img);
    img = screen.getByRole('img', { name: 'Rice' });
    expect(img.getAttribute('src')).toBe(`${PHOTO}?alt=media`);
    expect(img.getAttribute('srcset')).toBeNull();
    expect(container.querySelector('source')).toBeNull();

    fireEvent.error(img);
    img = screen.getByRole('img', { name: 'Rice' });
    expect(img.getAttribute('src')).toBe(PHOTO);

    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Rice: Image unavailable' }).tagName).toBe('DIV');
  });

  it('starts again with the AVIF source when the photo changes', () => {
    const { container, rerender } = render(<SmartImage src={PHOTO} alt="Rice" unavailableText="Image unavailable" />);
    fireEvent.error(screen.getByRole('img', { name: 'Rice' }));
    expect(container.querySelector('source')).toBeNull();
    const next = '/media/uploads/u1/def.jpg';
    rerender(<SmartImage src={next} alt="Rice" unavailableText="Image unavailable" />);
    expect(container.querySelector('picture > source')?.getAttribute('srcset')).toBe(responsiveAvifSrcSet(next));
  });

  it('gives an image that is not one of our media files no <picture>: straight to the media form', () => {
    const { container } = render(<SmartImage src="https://example.com/a.jpg" alt="Other" unavailableText="Image unavailable" />);
    expect(container.querySelector('picture')).toBeNull();
    expect(screen.getByRole('img', { name: 'Other' }).getAttribute('src')).toBe('https://example.com/a.jpg?alt=media');
  });

  it('gives a 44 px avatar the 160 px variant, sized by its own width, AVIF first', () => {
    const { container } = render(
      <SmartImage src={PHOTO} alt="Shop" unavailableText="Image unavailable" responsive={false} width={44} height={44} />,
    );
    const img = screen.getByRole('img', { name: 'Shop' });
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('srcset')).toBe(thumbnailAvifSrcSet(PHOTO));
    expect(source?.getAttribute('sizes')).toBe('44px');
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-160.webp');
    expect(img.getAttribute('srcset')).toBe(thumbnailSrcSet(PHOTO));
    expect(img.getAttribute('sizes')).toBe('44px');

    fireEvent.error(img);
    expect(container.querySelector('source')).toBeNull();
    expect(screen.getByRole('img', { name: 'Shop' }).getAttribute('srcset')).toBe(thumbnailSrcSet(PHOTO));
    fireEvent.error(screen.getByRole('img', { name: 'Shop' }));
    const next = screen.getByRole('img', { name: 'Shop' });
    expect(next.getAttribute('src')).toBe(`${PHOTO}?alt=media`);
    expect(next.getAttribute('srcset')).toBeNull();
  });

  it('keeps a fixed-size picture without a width on the 480 px variant and no srcset', () => {
    const { container } = render(<SmartImage src={PHOTO} alt="Logo" unavailableText="Image unavailable" responsive={false} />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-480.webp');
    expect(img.getAttribute('srcset')).toBeNull();
    expect(container.querySelector('picture')).toBeNull();
  });
});
