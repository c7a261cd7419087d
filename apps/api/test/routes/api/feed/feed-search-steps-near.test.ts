import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const INDORE = { lat: 22.7196, lon: 75.8577 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A word on one post in 16 over 500 days near a point: the statistics expect the walk's budget to hold
 * the page, so it comes first and answers; posts made after ANALYZE change nothing of the pages.
 */
describe('GET /api/feed?q= near a point, a word on one post in 16', () => {
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

  it('answers from the walk, the index and the walk without a budget in its statement but not run', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const first = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 10 }));
    expect(first.posts.map((p) => p.content)).toEqual(kulfi().slice(0, 10));
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([true, false, false]);
    const next = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 10, cursor: first.nextCursor! }));
    expect(next.posts.map((p) => p.content)).toEqual(kulfi().slice(10, 20));
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([true, false, false]);
  });

  it('answers every page exactly, with posts the statistics do not know', async () => {
    // Made after ANALYZE: ten kulfi posts a day for the last 45 days, which the statistics do not know.
    // Every day now holds 700, past the cap.
    const burst = Array.from({ length: 450 }, (_, i) => ({ content: `Summer ${i} kulfi`, createdAt: daysAgo(0.01 + i / 10) }));
    rows.push(...burst);
    await insert(burst);
    const fresh = createFeedRepository(app.dbHandle);
    for (const limit of [10, 50]) {
      expect(await everyPageContent(fresh, { ...near, limit }), `limit ${limit}`).toEqual(kulfi());
    }
    for (const offset of [0, 10, 60, 190]) {
      const page = await fresh.feed(FeedQuerySchema.parse({ ...near, limit: 10, offset }));
      expect(
        page.posts.map((p) => p.content),
        `offset ${offset}`,
      ).toEqual(kulfi().slice(offset, offset + 10));
    }
  });
});
