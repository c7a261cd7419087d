import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { searchFrom, stepEstimate } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS, readSearchShares, searchIndexSteps } from '#src/plugins/app/posts/post-filters';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const INDORE = { lat: 22.7196, lon: 75.8577 };
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * Without a place every candidate of every day's index step is a match, so that step comes first only
 * when the statistics expect at most half the cap (ADR 043); near a point, up to the cap and half as many
 * again (ADR 037). A term they count between the two starts from the windows here.
 */
describe('GET /api/feed?q=&category= without a place, every day first only below half the cap (ADR 043)', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const shopId = (await createBusiness(app.dbHandle.db, { businessName: 'Indore Mithai', ...INDORE, city: 'Indore' })).id;
    // 14.4 posts a day for 500 days; one in 30 sells kulfi: 240 over every day, between half the cap and
    // the cap, under a page in the first window's three days, and under the 5 % the probe is tried from
    // (ADR 041). The category keeps the first window's walk out (ADR 033: only without one).
    for (let i = 0; i < 7200; i++)
      rows.push({ content: `Sweets ${i} ${i % 30 === 0 ? 'kulfi' : 'rabri'}`, createdAt: daysAgo(1 + i / 14.4) });
    for (let i = 0; i < rows.length; i += 600)
      await app.dbHandle.db.insert(posts).values(
        rows.slice(i, i + 600).map((r, j) => ({
          ...r,
          userId: shopId,
          // The statistics need a tag list to read (readSearchShares).
          hashtags: ['mithai'],
          category: 'Bakery',
          lat: INDORE.lat + ((j % 7) - 3) * 0.01,
          lon: INDORE.lon + ((j % 5) - 2) * 0.01,
          city: 'Indore',
          state: 'Madhya Pradesh',
        })),
      );
    await app.dbHandle.db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const kulfi = () => newestContent(rows, (r) => r.content.endsWith(' kulfi'));
  const anywhere = { q: 'kulfi', category: 'Bakery' };

  it('starts from the windows, where near a point the same count would start from every day', async () => {
    const shares = (await readSearchShares(app.dbHandle.db))!;
    const steps = searchIndexSteps('kulfi', 'Bakery', [], shares, null);
    const estimate = stepEstimate(shares, steps, { circle: false, cursor: false, oneRange: false });
    expect(estimate.candidates).toBeGreaterThan(200);
    expect(estimate.candidates).toBeLessThan(400);
    expect(estimate.candidates! * estimate.firstShare!).toBeLessThan(10);
    expect(searchFrom(estimate, 10)).toBe(0);
    expect(searchFrom({ ...estimate, circle: true }, 10)).toBe(4);

    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const first = await repo.feed(FeedQuerySchema.parse({ ...anywhere, limit: 10 }));
    expect(first.posts.map((p) => p.content)).toEqual(kulfi().slice(0, 10));
    // The first window ran and every day's step did not: a sized window found the page.
    const [g0, , , g3] = await readPosts(['g0', 'g1', 'g2', 'g3']);
    expect([g0, g3]).toEqual([true, false]);
  });

  it('answers every page exactly', async () => {
    const { repo } = explainedFeed(app.dbHandle);
    expect(await everyPageContent(repo, { ...anywhere, limit: 10 })).toEqual(kulfi());
  });
});
