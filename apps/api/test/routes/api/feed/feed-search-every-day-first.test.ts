import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { cellsForCircle } from '#src/plugins/app/posts/feed-cells';
import { createFeedRepository, searchFrom, stepEstimate } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS, readSearchShares, searchIndexSteps } from '#src/plugins/app/posts/post-filters';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const INDORE = { lat: 22.7196, lon: 75.8577 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A search the statistics expect to find fewer candidates than the cap over every day, and more than
 * the first window holds a page of, asks every day's index step first (ADR 037): it answers alone,
 * without the sized windows' span keys. When it finds the cap after all (posts the statistics do not
 * know), the windows follow in the same statement, and every page is the same.
 */
describe('GET /api/feed?q= near a point, every day first (ADR 037)', () => {
  let app: TestApp;
  let shopId: string;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];
  const insert = (batch: Row[]) =>
    app.dbHandle.db.insert(posts).values(
      batch.map((r, j) => ({
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

  beforeAll(async () => {
    app = await buildTestApp();
    shopId = (await createBusiness(app.dbHandle.db, { businessName: 'Indore Mithai', ...INDORE, city: 'Indore' })).id;
    // Eight posts a day for 500 days, all in the circle; one in 16 sells kulfi: 250 over every day,
    // more than SEARCH_FEW_CANDIDATES and fewer than the cap, 1.5 in the first window's three days,
    // and too few of the newest posts for the probe (ADR 027).
    for (let i = 0; i < 4000; i++)
      rows.push({ content: `Sweets ${i} ${i % 16 === 0 ? 'kulfi' : 'rabri'}`, createdAt: daysAgo(1 + i / 8) });
    for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
    await app.dbHandle.db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const kulfi = () => newestContent(rows, (r) => r.content.endsWith(' kulfi'));
  const near = { ...INDORE, radiusKm: RADIUS_KM, q: 'kulfi' };

  it('starts from every day’s step when the statistics expect fewer candidates than the cap', async () => {
    const shares = (await readSearchShares(app.dbHandle.db))!;
    const steps = searchIndexSteps('kulfi', undefined, [], shares, cellsForCircle(INDORE.lat, INDORE.lon, RADIUS_KM));
    const estimate = stepEstimate(shares, steps, { circle: true, cursor: false, oneRange: false });
    expect(estimate.candidates).toBeGreaterThan(200);
    expect(estimate.candidates).toBeLessThan(400);
    // The circle lists more posts than a span: before ADR 037, every window in turn.
    expect(estimate.circlePosts).toBeGreaterThan(estimate.spanPosts!);
    expect(searchFrom(estimate, 10)).toBe(4);
  });

  it('answers from every day’s step alone, the windows in its statement but not run', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const first = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 10 }));
    expect(first.posts.map((p) => p.content)).toEqual(kulfi().slice(0, 10));
    expect(await readPosts(['g0', 'g1', 'g2', 'g3'])).toEqual([false, false, false, true]);
    const next = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 10, cursor: first.nextCursor! }));
    expect(next.posts.map((p) => p.content)).toEqual(kulfi().slice(10, 20));
    expect(await readPosts(['g0', 'g1', 'g2', 'g3'])).toEqual([false, false, false, true]);
  });

  it('goes on to the windows when every day holds the cap, and answers every page exactly', async () => {
    // Made after ANALYZE: ten kulfi posts a day for the last 45 days, which the statistics do not know.
    // Every day now holds 700, past the cap.
    const burst = Array.from({ length: 450 }, (_, i) => ({ content: `Summer ${i} kulfi`, createdAt: daysAgo(0.01 + i / 10) }));
    rows.push(...burst);
    await insert(burst);
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const first = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 10 }));
    expect(first.posts.map((p) => p.content)).toEqual(kulfi().slice(0, 10));
    // Every day's step found the cap; the first window's holds a page (30 posts in its days).
    expect(await readPosts(['g0', 'g1', 'g2', 'g3'])).toEqual([true, false, false, true]);
    // Fifty are more than the first window holds: a sized window finds them.
    await repo.feed(FeedQuerySchema.parse({ ...near, limit: 50 }));
    expect(await readPosts(['g0', 'g1', 'g2', 'g3'])).toEqual([true, true, false, true]);

    const fresh = createFeedRepository(app.dbHandle);
    for (const limit of [10, 50]) {
      expect(await everyPageContent(fresh, { ...near, limit }), `limit ${limit}`).toEqual(kulfi());
    }
    for (const offset of [0, 10, 60, 390, 690]) {
      const page = await fresh.feed(FeedQuerySchema.parse({ ...near, limit: 10, offset }));
      expect(
        page.posts.map((p) => p.content),
        `offset ${offset}`,
      ).toEqual(kulfi().slice(offset, offset + 10));
    }
  });
});
