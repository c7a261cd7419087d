import fs from 'node:fs';
import path from 'node:path';
import type { UploadResponse } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { type LocalS3, startLocalS3 } from '#test/plugins/media/local-s3';
import { photo, uploadRequest } from '../routes/api/uploads/upload-kit';

const onPostgres = Boolean(process.env.DATABASE_URL);

// Two processes of one deployment (docs/architecture.md, Running many processes): each with a data
// folder of its own, one database and one bucket. A photo uploaded through one is served by the other,
// from the bucket: the other's disk never held it. PGlite lives in one process: PostgreSQL only.
describe.skipIf(!onPostgres)('an upload through one process, served by another (S3)', () => {
  let s3: LocalS3;
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    first = await buildTestApp(s3.env);
    second = await buildTestApp(s3.env, { sameDatabaseAs: first });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
  });

  it('answers the photo and its variant from the bucket on the process that did not take the upload', async () => {
    const shop = await createBusiness(first.dbHandle.db, { businessCategories: ['Sweets'], city: 'Pune' });
    const uploaded = await first.inject(uploadRequest(await authHeader(first, shop), await photo(1200, 900)));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json<UploadResponse>();

    const original = await second.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.rawPayload.equals((await s3.object(url.replace(/^\/media\//, ''))).bytes)).toBe(true);
    const variant = await second.inject({ method: 'GET', url: url.replace(/\.jpg$/, '-480.webp') });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(fs.existsSync(path.join(second.config.mediaDir, 'uploads'))).toBe(false);
  });
});
