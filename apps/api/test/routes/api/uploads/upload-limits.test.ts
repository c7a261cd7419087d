import { type Template, type UploadResponse } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTemplates } from '#src/db/seed/seed-templates';
import { uploads } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { photo, uploadRequest } from './upload-kit';

describe('upload budget per business', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_UPLOADS_PER_HOUR: '3' });
    await seedTemplates(app.db, app.mediaStorageService);
  });
  afterAll(() => app.close());

  it('counts uploads and template renders together, then answers 429 with when to try again', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const auth = await authHeader(app, shop);
    const [template] = (await app.inject({ method: 'GET', url: '/api/templates', headers: auth })).json<Template[]>();
    const render = () => app.inject({ method: 'POST', url: `/api/templates/${template!.id}/render`, headers: auth, payload: {} });

    expect((await app.inject(uploadRequest(auth, await photo()))).statusCode).toBe(201);
    expect((await app.inject(uploadRequest(auth, await photo()))).statusCode).toBe(201);
    expect((await render()).statusCode).toBe(201);

    for (const res of [await app.inject(uploadRequest(auth, await photo())), await render()]) {
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: 'You have added a lot of photos in the last hour. Please wait 60 minutes and try again.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    }
    expect(await app.dbHandle.db.select().from(uploads).where(eq(uploads.userId, shop.id))).toHaveLength(3);
  });

  it("is each business's own: another business still uploads", async () => {
    const other = await createBusiness(app.dbHandle.db);
    const res = await app.inject(uploadRequest(await authHeader(app, other), await photo()));
    expect(res.statusCode).toBe(201);
    expect(res.json<UploadResponse>().url).toContain(other.id);
  });
});
