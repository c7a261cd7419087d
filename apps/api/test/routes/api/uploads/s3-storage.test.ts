import fs from 'node:fs';
import path from 'node:path';
import {
  AVIF_VARIANT_WIDTHS,
  IMAGE_VARIANT_FILES,
  IMAGE_VARIANT_WIDTHS,
  type OwnPost,
  type Template,
  type UploadResponse,
  imageVariantUrl,
} from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '#src/config/env';
import { seedTemplates } from '#src/db/seed/seed-templates';
import { uploads } from '#src/db/schema';
import { STORAGE_UNAVAILABLE } from '#src/plugins/app/media/s3-media-storage';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { type LocalS3, startLocalS3 } from '#test/plugins/media/local-s3';
import { photo, uploadRequest } from './upload-kit';

const IMMUTABLE = 'public, max-age=31536000, immutable';
type Auth = { authorization: string };

/** The bucket keys of an upload's URL: the original, its WebP variants and its AVIF ones (IMAGE_VARIANT_FILES order). */
function keysOf(url: string): string[] {
  const key = url.replace(/^\/media\//, '');
  const base = key.replace(/\.[a-z]+$/, '');
  return [key, ...IMAGE_VARIANT_FILES.map((v) => `${base}-${v.width}.${v.format}`)];
}

describe('uploads in an S3-compatible bucket', () => {
  let s3: LocalS3;
  let app: TestApp;
  let shopId: string;
  let auth: Auth;

  beforeAll(async () => {
    s3 = await startLocalS3();
    app = await buildTestApp(s3.env);
    const shop = await createBusiness(app.dbHandle.db, { businessCategories: ['Sweets'], city: 'Pune' });
    shopId = shop.id;
    auth = await authHeader(app, shop);
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  const upload = async (as: Auth = auth) => {
    const res = await app.inject(uploadRequest(as, await photo(1600, 1200)));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<UploadResponse>();
  };

  it('writes the original and its WebP and AVIF variants to the bucket, not to disk, under the usual /media URL', async () => {
    const { url } = await upload();
    expect(url).toMatch(new RegExp(`^/media/uploads/${shopId}/[0-9a-f-]{36}\\.jpg$`));
    const keys = keysOf(url);
    expect((await s3.keys()).filter((k) => keys.includes(k))).toEqual([...keys].sort());
    expect(fs.existsSync(path.join(app.config.mediaDir, 'uploads'))).toBe(false);

    const [original, ...variants] = await Promise.all(keys.map((k) => s3.object(k)));
    expect(original!.contentType).toBe('image/jpeg');
    expect(original!.cacheControl).toBe(IMMUTABLE);
    expect((await sharp(original!.bytes).metadata()).width).toBe(1600);
    expect(variants).toHaveLength(IMAGE_VARIANT_WIDTHS.length + AVIF_VARIANT_WIDTHS.length);
    for (const [i, variant] of variants.entries()) {
      const { width, format } = IMAGE_VARIANT_FILES[i]!;
      expect(variant.contentType).toBe(`image/${format}`);
      expect(variant.cacheControl).toBe(IMMUTABLE);
      const meta = await sharp(variant.bytes).metadata();
      // sharp names AVIF by its container, HEIF, with AV1 inside.
      expect([meta.format, meta.compression, meta.width]).toEqual(
        format === 'avif' ? ['heif', 'av1', width] : ['webp', undefined, width],
      );
    }
    const [row] = await app.dbHandle.db.select().from(uploads).where(eq(uploads.url, url));
    expect(row).toMatchObject({ userId: shopId, storageKey: keys[0], bytes: original!.bytes.length });
  });

  it('serves the original and the variants from the bucket with their type and long-lived cache headers', async () => {
    const { url } = await upload();
    for (const [mediaUrl, type] of [
      [url, 'image/jpeg'],
      ...IMAGE_VARIANT_FILES.map((v) => [imageVariantUrl(url, v.width, v.format)!, `image/${v.format}`] as const),
    ] as const) {
      const res = await app.inject({ method: 'GET', url: mediaUrl });
      expect(res.statusCode, mediaUrl).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.rawPayload.equals((await s3.object(mediaUrl.replace(/^\/media\//, ''))).bytes)).toBe(true);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      // A revalidation (a CDN's, or a browser's forced reload) costs no body.
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await app.inject({ method: 'GET', url: mediaUrl, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    }
  });

  it('answers 404 for a missing key and for anything that tries to leave the uploads folder', async () => {
    const missing = await app.inject({ method: 'GET', url: `/media/uploads/${shopId}/nothing-here.jpg` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: `Not found: GET /media/uploads/${shopId}/nothing-here.jpg` });
    for (const url of [
      '/media/uploads/../secrets/jwt-secret',
      '/media/uploads/%2e%2e/%2e%2e/etc/passwd',
      '/media/uploads/a//b.jpg',
      '/media/uploads/.hidden',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(Object.keys(res.json()), url).toEqual(['message']);
    }
  });

  it("still serves a server render made before renders went to the bucket from this machine's disk, never an upload", async () => {
    const old = path.join(app.config.mediaDir, 'seed', 'posts', 'old-shop', 'card.webp');
    fs.mkdirSync(path.dirname(old), { recursive: true });
    fs.writeFileSync(
      old,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
        .webp()
        .toBuffer(),
    );
    const res = await app.inject({ method: 'GET', url: '/media/seed/posts/old-shop/card.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const upload = path.join(app.config.mediaDir, 'uploads', shopId, 'on-disk-only.jpg');
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, 'not in the bucket');
    expect((await app.inject({ method: 'GET', url: `/media/uploads/${shopId}/on-disk-only.jpg` })).statusCode).toBe(404);
    fs.rmSync(path.join(app.config.mediaDir, 'uploads'), { recursive: true, force: true });
    for (const url of ['/media/../secrets/jwt-secret', '/media/secrets/jwt-secret', '/media/seed/../../secrets/jwt-secret']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('renders the template backgrounds into the bucket once and serves them from it, and stores template renders there', async () => {
    const first = await seedTemplates(app.db, app.mediaStorageService);
    const [template] = (await app.inject({ method: 'GET', url: '/api/templates', headers: auth })).json<Template[]>();
    // Every process serves them: they are in the bucket, with their variants, not on this machine's disk.
    expect(await s3.keys()).toEqual(expect.arrayContaining(keysOf(template!.backgroundUrl)));
    expect(fs.existsSync(path.join(app.config.mediaDir, template!.backgroundUrl.replace(/^\/media\//, '')))).toBe(false);
    const background = await app.inject({ method: 'GET', url: template!.backgroundUrl });
    expect(background.statusCode).toBe(200);
    expect(background.headers['content-type']).toBe('image/webp');
    expect(background.headers['cache-control']).toBe(IMMUTABLE);
    // A process starting later renders nothing the bucket already has.
    expect(first.imagesRendered).toBeGreaterThan(0);
    expect((await seedTemplates(app.db, app.mediaStorageService)).imagesRendered).toBe(0);

    const res = await app.inject({
      method: 'POST',
      url: `/api/templates/${template!.id}/render`,
      headers: auth,
      payload: { offer: 'Kaju katli 20% off' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { url } = res.json<UploadResponse>();
    expect(await s3.keys()).toEqual(expect.arrayContaining(keysOf(url)));
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it("deletes a post's photos from the bucket unless a repost still shows them; an edit drops the photo it removes", async () => {
    const [a, b, c] = [await upload(), await upload(), await upload()];
    const create = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: auth,
      payload: { content: 'Fresh jalebi every morning', category: 'Sweets', images: [a.url, b.url] },
    });
    expect(create.statusCode, create.body).toBe(201);
    const post = create.json<OwnPost>();
    const repost = (
      await app.inject({ method: 'POST', url: `/api/user/posts/${post.id}/repost`, headers: auth, payload: {} })
    ).json<OwnPost>();

    // The edit swaps b for c on the original; the repost still shows b, so b stays.
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${post.id}`,
      headers: auth,
      payload: { content: 'Fresh jalebi every morning', category: 'Sweets', images: [a.url, c.url] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await s3.keys()).toEqual(expect.arrayContaining([...keysOf(a.url), ...keysOf(b.url), ...keysOf(c.url)]));

    // Deleting the original: a is still on the repost, c was only on the original.
    expect((await app.inject({ method: 'DELETE', url: `/api/user/posts/${post.id}`, headers: auth })).statusCode).toBe(204);
    let keys = await s3.keys();
    expect(keys).toEqual(expect.arrayContaining([...keysOf(a.url), ...keysOf(b.url)]));
    for (const gone of keysOf(c.url)) expect(keys).not.toContain(gone);
    expect((await app.inject({ method: 'GET', url: c.url })).statusCode).toBe(404);
    expect(await app.dbHandle.db.select().from(uploads).where(eq(uploads.url, c.url))).toEqual([]);

    // Deleting the repost too: nothing shows a or b any more.
    expect((await app.inject({ method: 'DELETE', url: `/api/user/posts/${repost.id}`, headers: auth })).statusCode).toBe(204);
    keys = await s3.keys();
    for (const gone of [...keysOf(a.url), ...keysOf(b.url)]) expect(keys).not.toContain(gone);
  });

  it("erasing an account deletes all of its photos from the bucket, and no one else's", async () => {
    const leaving = await createBusiness(app.dbHandle.db);
    const leavingAuth = await authHeader(app, leaving);
    const [mine, theirs] = [await upload(leavingAuth), await upload()];
    expect((await app.inject({ method: 'DELETE', url: '/api/user/me', headers: leavingAuth })).statusCode).toBe(204);
    const keys = await s3.keys();
    expect(keys.filter((k) => k.startsWith(`uploads/${leaving.id}/`))).toEqual([]);
    expect(keys).toEqual(expect.arrayContaining(keysOf(theirs.url)));
    expect((await app.inject({ method: 'GET', url: mine.url })).statusCode).toBe(404);
  });

  it('leaves no object behind when the upload row cannot be written', async () => {
    const before = await s3.keys();
    // No such user: the row's foreign key fails after the files were written.
    await expect(app.uploadsService.save('00000000-0000-4000-8000-000000000000', await photo())).rejects.toThrow();
    expect(await s3.keys()).toEqual(before);
  });
});

describe('a bucket that is down or refuses us', () => {
  it('answers 503 with a plain message, writes no upload row and serves no media', async () => {
    const s3 = await startLocalS3();
    const app = await buildTestApp(s3.env);
    try {
      const shop = await createBusiness(app.dbHandle.db);
      const auth = await authHeader(app, shop);
      const ok = (await app.inject(uploadRequest(auth, await photo()))).json<UploadResponse>();
      await s3.close();

      const res = await app.inject(uploadRequest(auth, await photo()));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: STORAGE_UNAVAILABLE });
      const rows = await app.dbHandle.db.select().from(uploads).where(eq(uploads.userId, shop.id));
      expect(rows.map((r) => r.url)).toEqual([ok.url]);

      const media = await app.inject({ method: 'GET', url: ok.url });
      expect(media.statusCode).toBe(503);
      expect(media.json()).toEqual({ message: STORAGE_UNAVAILABLE });
    } finally {
      await app.close();
    }
  });

  it('answers 503 when the bucket refuses our credentials, saying nothing of why', async () => {
    const s3 = await startLocalS3();
    const app = await buildTestApp({ ...s3.env, S3_ACCESS_KEY_ID: 'NOT-OUR-KEY' });
    try {
      const shop = await createBusiness(app.dbHandle.db);
      const res = await app.inject(uploadRequest(await authHeader(app, shop), await photo()));
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: STORAGE_UNAVAILABLE });
      expect(await s3.keys()).toEqual([]);
      expect(await app.dbHandle.db.select().from(uploads)).toEqual([]);
    } finally {
      await app.close();
      await s3.close();
    }
  });

  it('refuses to start with only half of the access key pair', () => {
    expect(() => loadEnv({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key-only' })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither/,
    );
  });
});
