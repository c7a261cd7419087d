import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePages } from '#src/db/schema';
import { buildTestApp, type TestApp } from '#test/helper';

describe('GET /api/pages/{slug}', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.db.insert(sitePages).values({ slug: 'about-us', title: 'About Aaspaas', body: 'We help local shops.' });
  });
  afterAll(() => app.close());

  it('answers the stored page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/pages/about-us' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ slug: 'about-us', title: 'About Aaspaas', body: 'We help local shops.' });
  });

  it('answers 404 for a page that is not stored or not known', async () => {
    for (const slug of ['terms', 'secrets']) {
      const res = await app.inject({ method: 'GET', url: `/api/pages/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Page not found' });
    }
  });
});
