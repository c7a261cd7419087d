import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const INDORE = { lat: 22.7196, lon: 75.8577 };
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A word on one post in 30 of a category, without a place: the walk of the category's posts comes
 * first; a word the statistics do not know goes to the index.
 */
describe('GET /api/feed?q=&category= without a place', () => {
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

  it('walks the category’s posts first, and asks the index only past the walk’s budget', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const first = await repo.feed(FeedQuerySchema.parse({ ...anywhere, limit: 10 }));
    expect(first.posts.map((p) => p.content)).toEqual(kulfi().slice(0, 10));
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([true, false, false]);
    // A word the statistics do not list (perhaps absent): the index first, which finds every match.
    const none = await repo.feed(FeedQuerySchema.parse({ ...anywhere, q: 'falooda', limit: 10 }));
    expect(none.posts).toEqual([]);
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([null, true, false]);
  });

  it('answers every page exactly', async () => {
    const { repo } = explainedFeed(app.dbHandle);
    expect(await everyPageContent(repo, { ...anywhere, limit: 10 })).toEqual(kulfi());
  });
});
