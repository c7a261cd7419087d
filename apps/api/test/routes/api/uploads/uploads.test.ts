import fs from 'node:fs';
import {
  AUTH_MESSAGES,
  AVIF_VARIANT_WIDTHS,
  IMAGE_VARIANT_FILES,
  IMAGE_VARIANT_WIDTHS,
  imageVariantUrl,
  type UploadResponse,
} from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#src/db/schema';
import { NOT_AN_IMAGE } from '#src/plugins/app/media/image-processing';
import { UPLOAD_MESSAGES } from '#src/routes/api/uploads/index';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { photo, storedFiles, storedVariant, uploadRequest } from './upload-kit';

const SECRET_DATUM = 'WGS-84-AASPAAS-SECRET';
const CAMERA = 'AaspaasTestPhone';

/** A phone-style JPEG: stored sideways with EXIF orientation 6, a camera name and a GPS position. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2e86c1' } })
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: CAMERA },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '19/1 4/1 3345/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '72/1 52/1 3972/100',
        GPSMapDatum: SECRET_DATUM,
      },
    })
    .jpeg()
    .toBuffer();
}

describe('POST /api/uploads', () => {
  let app: TestApp;
  let auth: { authorization: string };
  let userId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const shop = await createBusiness(app.dbHandle.db);
    userId = shop.id;
    auth = await authHeader(app, shop);
  });
  afterAll(() => app.close());

  it('stores an upright copy without any metadata, with 160, 480, 720 and 1080 px WebP and 160, 480, 720 px AVIF variants', async () => {
    const input = await phonePhoto();
    // The fixture really carries what must not leak.
    expect((await sharp(input).metadata()).orientation).toBe(6);
    expect(input.includes(SECRET_DATUM)).toBe(true);
    expect(input.includes(CAMERA)).toBe(true);

    const res = await app.inject(uploadRequest(auth, input));
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResponse>();
    // Turned upright: the sideways 1600×1200 becomes 1200×1600.
    expect(body).toMatchObject({ width: 1200, height: 1600 });
    expect(body.url).toMatch(new RegExp(`^/media/uploads/${userId}/[0-9a-f-]{36}\\.jpg$`));

    const files = storedFiles(app.config.mediaDir, body.url);
    const original = fs.readFileSync(files.original);
    expect(body.bytes).toBe(original.length);
    for (const [file, format, width] of [
      [files.original, 'jpeg', 1200],
      ...IMAGE_VARIANT_WIDTHS.map((w) => [storedVariant(app.config.mediaDir, body.url, w), 'webp', w] as const),
      // sharp names AVIF by its container, HEIF.
      ...AVIF_VARIANT_WIDTHS.map((w) => [storedVariant(app.config.mediaDir, body.url, w, 'avif'), 'heif', w] as const),
    ] as const) {
      const bytes = fs.readFileSync(file);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, file).toBe(format);
      expect(meta.width, file).toBe(width);
      expect(meta.height, file).toBe(Math.round((width * 1600) / 1200));
      expect(meta.exif, file).toBeUndefined();
      expect(meta.xmp, file).toBeUndefined();
      expect(meta.iptc, file).toBeUndefined();
      expect(meta.orientation, file).toBeUndefined();
      expect(bytes.includes(SECRET_DATUM), file).toBe(false);
      expect(bytes.includes(CAMERA), file).toBe(false);
    }

    const [row] = await app.dbHandle.db.select().from(uploads).where(eq(uploads.url, body.url));
    expect(row).toMatchObject({ userId, width: 1200, height: 1600, bytes: original.length });
  });

  it('serves the original and the WebP and AVIF variant URLs of the domain rule, with their type, cached for good', async () => {
    const { url } = (await app.inject(uploadRequest(auth, await photo()))).json<UploadResponse>();
    for (const [path, type] of [
      [url, 'image/jpeg'],
      ...IMAGE_VARIANT_FILES.map((v) => [imageVariantUrl(url, v.width, v.format)!, `image/${v.format}`]),
    ]) {
      const res = await app.inject({ method: 'GET', url: path! });
      expect(res.statusCode, path!).toBe(200);
      expect(res.headers['content-type'], path!).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    // The 1080 px full-screen variant is WebP only: its AVIF name is not there.
    expect((await app.inject({ method: 'GET', url: imageVariantUrl(url, 1080, 'avif')! })).statusCode).toBe(404);
  });

  it('never enlarges a small image: its variants keep its own width', async () => {
    const res = await app.inject(uploadRequest(auth, await photo(320, 200)));
    const files = storedFiles(app.config.mediaDir, res.json<UploadResponse>().url);
    expect((await sharp(files.w480).metadata()).width).toBe(320);
    expect((await sharp(files.w1080).metadata()).width).toBe(320);
  });

  it('keeps transparency: a PNG with alpha is stored as WebP', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const res = await app.inject(uploadRequest(auth, png, { filename: 'logo.png', contentType: 'image/png' }));
    expect(res.statusCode).toBe(201);
    const { url } = res.json<UploadResponse>();
    expect(url).toMatch(/\.webp$/);
    expect((await sharp(storedFiles(app.config.mediaDir, url).original).metadata()).hasAlpha).toBe(true);
  });

  it('judges the bytes, not the name: text named .jpg, an SVG and a cut-off JPEG are refused', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const cut = (await photo(1600, 1200)).subarray(0, 2000);
    for (const [file, filename] of [
      [Buffer.from('Hello, this is not a photo at all.\n'.repeat(20)), 'holiday.jpg'],
      [svg, 'logo.png'],
      [cut, 'broken.jpg'],
    ] as const) {
      const res = await app.inject(uploadRequest(auth, file, { filename }));
      expect(res.statusCode, filename).toBe(400);
      expect(res.json()).toEqual({ message: NOT_AN_IMAGE });
    }
    // Nothing of the refused files was stored.
    const rows = await app.dbHandle.db.select().from(uploads).where(eq(uploads.userId, userId));
    const onDisk = fs.readdirSync(`${app.config.mediaDir}/uploads/${userId}`);
    expect(onDisk.length).toBe(rows.length * (1 + IMAGE_VARIANT_FILES.length));
  });

  it('answers 413 over 10 MB', async () => {
    const big = Buffer.concat([await photo(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await app.inject(uploadRequest(auth, big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge });
  });

  it('takes one photo per request: a form stuffed with fields is refused', async () => {
    const boundary = 'many-fields';
    const fields = Array.from(
      { length: 10 },
      (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${fields.join('')}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.oneFile });
  });

  it('answers 400 when no file is sent', async () => {
    const boundary = 'only-a-field';
    const fieldOnly = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(fieldOnly.statusCode).toBe(400);
    expect(fieldOnly.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
    const json = await app.inject({ method: 'POST', url: '/api/uploads', headers: auth, payload: { file: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
    const empty = await app.inject(uploadRequest(auth, Buffer.alloc(0)));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: UPLOAD_MESSAGES.noFile });
  });

  it('needs a signed-in business', async () => {
    const res = await app.inject(uploadRequest({}, await photo()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
  });

  it('is the only route that reads multipart forms: elsewhere a form is refused with 415', async () => {
    const res = await app.inject({ ...uploadRequest(auth, await photo()), url: '/api/user/posts' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type: send JSON' });
  });
});
