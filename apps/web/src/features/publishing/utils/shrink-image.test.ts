import { describe, expect, it, vi } from 'vitest';
import { fitWithin, needsShrinking, shrinkImage, shrunkName, type ImageTools } from './shrink-image';

function fakeTools(width: number, height: number, encodedBytes: number) {
  const close = vi.fn();
  const encode = vi.fn(async () => new Blob([new Uint8Array(encodedBytes)], { type: 'image/jpeg' }));
  const tools: ImageTools = {
    decode: async () => ({ width, height, close, source: {} as CanvasImageSource }),
    encode,
  };
  return { tools, encode, close };
}

const photo = (bytes: number, name = 'IMG_2041.JPG') => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

describe('shrinking photos before upload', () => {
  it('fits the longest side in 1600 px, keeping the proportions, never enlarging', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(10_000, 10)).toEqual({ width: 1600, height: 2 });
  });

  it('leaves a small photo alone', () => {
    expect(needsShrinking(200_000, 1200, 900)).toBe(false);
    expect(needsShrinking(200_000, 2000, 900)).toBe(true);
    expect(needsShrinking(3_000_000, 1200, 900)).toBe(true);
    expect(shrunkName('IMG_2041.HEIC')).toBe('IMG_2041.jpg');
  });

  it('a 12 MP camera photo goes as a 1600 px JPEG at quality 0.8', async () => {
    const { tools, encode, close } = fakeTools(4000, 3000, 350_000);
    const out = await shrinkImage(photo(5_000_000), tools);
    expect(encode).toHaveBeenCalledWith(expect.anything(), 1600, 1200, 0.8);
    expect(out.name).toBe('IMG_2041.jpg');
    expect(out.type).toBe('image/jpeg');
    expect(out.size).toBe(350_000);
    expect(close).toHaveBeenCalled();
  });

  it('sends the original when it is already small, when shrinking gains nothing, or when the browser cannot read it', async () => {
    const small = photo(100_000);
    const a = fakeTools(1000, 800, 50_000);
    expect(await shrinkImage(small, a.tools)).toBe(small);
    expect(a.encode).not.toHaveBeenCalled();

    const heavy = photo(600_000);
    expect(await shrinkImage(heavy, fakeTools(1200, 900, 700_000).tools)).toBe(heavy);

    const odd = photo(900_000, 'scan.heic');
    expect(await shrinkImage(odd, { decode: () => Promise.reject(new Error('no')), encode: vi.fn() })).toBe(odd);
  });
});
