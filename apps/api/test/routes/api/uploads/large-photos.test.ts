import fs from 'node:fs';
import zlib from 'node:zlib';
import type { UploadResponse } from '@aaspaas/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_AN_IMAGE, TOO_MANY_PIXELS } from '#src/plugins/app/media/image-processing';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { storedFiles, uploadRequest } from './upload-kit';

/** A big camera-like picture: a gradient with a few shapes, small on disk, many pixels. */
function bigPicture(width: number, height: number, format: 'jpeg' | 'png'): Promise<Buffer> {
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1565c0"/><stop offset="1" stop-color="#ffb300"/></linearGradient></defs>` +
      `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
      `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#c62828"/></svg>`,
  );
  const image = sharp(Buffer.from(svg), { limitInputPixels: false });
  return format === 'jpeg'
    ? image.jpeg({ quality: 80 }).toBuffer()
    : image.png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** A PNG whose IHDR says it is `side` × `side` (CRC fixed up), whatever its data holds. */
function claimSize(png: Buffer, side: number): Buffer {
  const out = Buffer.from(png);
  // Signature (8) + chunk length (4) + 'IHDR' (4), then width and height.
  out.writeUInt32BE(side, 16);
  out.writeUInt32BE(side, 20);
  out.writeUInt32BE(zlib.crc32(out.subarray(12, 29)), 29);
  return out;
}

describe('POST /api/uploads with very large photos', () => {
  let app: TestApp;
  let auth: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp();
    auth = await authHeader(app, await createBusiness(app.dbHandle.db));
  });
  afterAll(() => app.close());

  it('takes a 40-megapixel photo and stores it scaled down to 2560 px, with the feed variants', async () => {
    for (const format of ['jpeg', 'png'] as const) {
      const input = await bigPicture(7746, 5164, format);
      const meta = await sharp(input, { limitInputPixels: false }).metadata();
      expect(meta.width * meta.height).toBeGreaterThan(40_000_000);
      expect(input.length).toBeLessThan(10 * 1024 * 1024);

      const res = await app.inject(uploadRequest(auth, input, { filename: `big.${format}` }));
      expect(res.statusCode, format).toBe(201);
      const body = res.json<UploadResponse>();
      expect(body).toMatchObject({ width: 2560, height: Math.round((2560 * 5164) / 7746) });
      const files = storedFiles(app.config.mediaDir, body.url);
      expect((await sharp(files.original).metadata()).width).toBe(2560);
      expect((await sharp(files.w480).metadata()).width).toBe(480);
      expect((await sharp(files.w1080).metadata()).width).toBe(1080);
      expect(fs.statSync(files.w480).size).toBeLessThan(100 * 1024);
    }
  });

  it('refuses a photo over 100 megapixels with its own message, without decoding it', async () => {
    // A "pixel bomb": a 1×1 PNG whose header claims 20,000 × 20,000 pixels. Decoding it would fail
    // (NOT_AN_IMAGE); the size is refused from the header first.
    const onePixel = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bomb = claimSize(onePixel, 20_000);
    const refused = await app.inject(uploadRequest(auth, bomb, { filename: 'tiny.png', contentType: 'image/png' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: TOO_MANY_PIXELS });
    // At exactly 100 megapixels the header passes and the (missing) pixels are what is refused.
    const atLimit = claimSize(onePixel, 10_000);
    const decoded = await app.inject(uploadRequest(auth, atLimit, { filename: 'tiny.png', contentType: 'image/png' }));
    expect(decoded.json()).toEqual({ message: NOT_AN_IMAGE });
  });

  it('stores every one of several big photos sent at the same time', async () => {
    const input = await bigPicture(7746, 5164, 'jpeg');
    const results = await Promise.all(Array.from({ length: 4 }, () => app.inject(uploadRequest(auth, input))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json<UploadResponse>().url)).size).toBe(4);
  });
});
