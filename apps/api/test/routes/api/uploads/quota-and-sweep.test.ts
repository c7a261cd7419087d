import fs from 'node:fs';
import { type UploadResponse } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '#src/db/schema';
import { storageFullMessage } from '#src/plugins/app/media/uploads-service';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';
import { photo, storedFiles, uploadRequest } from './upload-kit';

const QUOTA_MB = 0.01; // ~10 KB: a handful of small plain photos

describe('upload storage', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ UPLOAD_QUOTA_MB: String(QUOTA_MB) });
  });
  afterAll(() => app.close());

  const upload = async (auth: { authorization: string }, width = 320) => app.inject(uploadRequest(auth, await photo(width, 240)));

  it('refuses a photo past the business quota, and another business still uploads', async () => {
    const shop = await createBusiness(app.db);
    const auth = await authHeader(app, shop);
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 30 && !codes.includes(403); i++) {
      last = await upload(auth);
      codes.push(last.statusCode);
    }
    expect(codes.at(0)).toBe(201);
    expect(codes.at(-1)).toBe(403);
    expect(last?.json()).toEqual({ message: storageFullMessage(QUOTA_MB) });
    const rows = await app.db.select({ bytes: uploads.bytes }).from(uploads).where(eq(uploads.userId, shop.id));
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(QUOTA_MB * 1024 * 1024);
    const other = await createBusiness(app.db);
    expect((await upload(await authHeader(app, other))).statusCode).toBe(201);
  });

  it('deletes uploads attached to nothing after a day, rows and files, and keeps the rest', async () => {
    const shop = await createBusiness(app.db);
    const auth = await authHeader(app, shop);
    const urls: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(auth, 200);
      expect(res.statusCode).toBe(201);
      urls.push(res.json<UploadResponse>().url);
    }
    const [abandoned, inPost, fresh] = urls as [string, string, string];
    await createPost(app.db, shop, { images: [inPost] });
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    for (const url of [abandoned, inPost])
      await app.db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.url, url));

    expect(await app.unattachedUploadsService.sweep()).toBeGreaterThanOrEqual(1);
    const left = (await app.db.select({ url: uploads.url }).from(uploads).where(eq(uploads.userId, shop.id))).map((r) => r.url);
    expect(left.sort()).toEqual([inPost, fresh].sort());
    for (const file of Object.values(storedFiles(app.config.mediaDir, abandoned))) expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(storedFiles(app.config.mediaDir, inPost).original)).toBe(true);
    // A day later the fresh one goes too, unless the profile shows it.
    await app.db.update(uploads).set({ createdAt: twoDaysAgo }).where(eq(uploads.url, fresh));
    expect(
      (await app.inject({ method: 'POST', url: '/api/user/profile-image', headers: auth, payload: { imageUrl: fresh } }))
        .statusCode,
    ).toBe(200);
    await app.unattachedUploadsService.sweep();
    const kept = (await app.db.select({ url: uploads.url }).from(uploads).where(eq(uploads.userId, shop.id))).map((r) => r.url);
    expect(kept.sort()).toEqual([inPost, fresh].sort());
  });
});
