import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEED_IMAGE_SIZES, responsiveSrcSet, thumbnailSrcSet } from './image-sources';
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

  it('has no srcset for an image that is not one of our media files', () => {
    expect(responsiveSrcSet('https://example.com/a.jpg')).toBeUndefined();
    expect(thumbnailSrcSet('https://example.com/a.jpg')).toBeUndefined();
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
  it('shows a feed photo through its srcset, then walks the fallback chain to "Image unavailable"', () => {
    render(<SmartImage src={PHOTO} alt="Rice" unavailableText="Image unavailable" />);
    let img = screen.getByRole('img', { name: 'Rice' });
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-480.webp');
    expect(img.getAttribute('srcset')).toBe(responsiveSrcSet(PHOTO));
    expect(img.getAttribute('sizes')).toBe(FEED_IMAGE_SIZES);

    fireEvent.error(img);
    img = screen.getByRole('img', { name: 'Rice' });
    expect(img.getAttribute('src')).toBe(`${PHOTO}?alt=media`);
    expect(img.getAttribute('srcset')).toBeNull();

    fireEvent.error(img);
    img = screen.getByRole('img', { name: 'Rice' });
    expect(img.getAttribute('src')).toBe(PHOTO);

    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Rice: Image unavailable' }).tagName).toBe('DIV');
  });

  it('gives a 44 px avatar the 160 px variant, sized by its own width', () => {
    render(<SmartImage src={PHOTO} alt="Shop" unavailableText="Image unavailable" responsive={false} width={44} height={44} />);
    const img = screen.getByRole('img', { name: 'Shop' });
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-160.webp');
    expect(img.getAttribute('srcset')).toBe(thumbnailSrcSet(PHOTO));
    expect(img.getAttribute('sizes')).toBe('44px');

    fireEvent.error(img);
    const next = screen.getByRole('img', { name: 'Shop' });
    expect(next.getAttribute('src')).toBe(`${PHOTO}?alt=media`);
    expect(next.getAttribute('srcset')).toBeNull();
  });

  it('keeps a fixed-size picture without a width on the 480 px variant and no srcset', () => {
    render(<SmartImage src={PHOTO} alt="Logo" unavailableText="Image unavailable" responsive={false} />);
    const img = screen.getByRole('img', { name: 'Logo' });
    expect(img.getAttribute('src')).toBe('/media/uploads/u1/abc-480.webp');
    expect(img.getAttribute('srcset')).toBeNull();
  });
});
