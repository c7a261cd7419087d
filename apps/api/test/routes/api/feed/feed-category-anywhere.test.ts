import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * Without a place, a category's page walks that category's posts only (ADR 039). The statistics make
 * Grocery half the posts; a generic plan took Tailor for as common and walked every newer post of the
 * table to reach its few, older ones, and every post for a category nobody has posted in.
 */
describe('GET /api/feed with a category and no place (ADR 039)', () => {
  let app: TestApp;
  type Row = { content: string; category: string; createdAt: Date; hiddenAt?: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Corner Store', lat: 21.1458, lon: 79.0882, city: 'Nagpur' });
    // 400 Grocery posts in the last 40 days; 15 Tailor posts before them, one hidden; Clothing in between.
    for (let i = 0; i < 400; i++) rows.push({ content: `Grocery ${i}`, category: 'Grocery', createdAt: daysAgo(i / 10) });
    for (let i = 0; i < 20; i++) rows.push({ content: `Clothing ${i}`, category: 'Clothing', createdAt: daysAgo(41 + i) });
    for (let i = 0; i < 15; i++) {
      rows.push({
        content: `Tailor ${i}`,
        category: 'Tailor',
        createdAt: daysAgo(70 + i),
        ...(i === 3 ? { hiddenAt: daysAgo(1) } : {}),
      });
    }
    await db.insert(posts).values(rows.map((r) => ({ ...r, userId: shop.id, lat: 21.1458, lon: 79.0882, city: 'Nagpur' })));
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  it('lists exactly the category’s live posts, newest first, in any letter case, on every page', async () => {
    const tailor = newestContent(rows, (r) => r.category === 'Tailor' && !r.hiddenAt);
    expect(tailor).toHaveLength(14);
    const { repo } = explainedFeed(app.dbHandle);
    expect(await everyPageContent(repo, { limit: 5, category: 'Tailor' })).toEqual(tailor);
    expect(await everyPageContent(repo, { limit: 5, category: 'tAILOR' })).toEqual(tailor);
    expect(await everyPageContent(repo, { limit: 10, category: 'Plumber' })).toEqual([]);
    // Offset pages walk the same range.
    const third = await repo.feed(FeedQuerySchema.parse({ limit: 5, offset: 10, category: 'Tailor' }));
    expect(third.posts.map((p) => p.content)).toEqual(tailor.slice(10, 15));
    const res = await app.inject({ method: 'GET', url: '/api/feed?category=Clothing&limit=30' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { content: string }[]).map((p) => p.content)).toEqual(
      newestContent(rows, (r) => r.category === 'Clothing'),
    );
  });

  it('reads, under the prepared statements’ generic plan, only the rows of the category’s own range', async () => {
    const { repo, postRowsRead } = explainedFeed(app.dbHandle);
    // A page of 5 Tailor posts: its walk reads them (and the hidden one among them), then each is read by id.
    const first = await repo.feed(FeedQuerySchema.parse({ limit: 5, category: 'Tailor' }));
    expect(first.posts).toHaveLength(5);
    expect(await postRowsRead()).toBeLessThanOrEqual(2 * 5 + 1);
    // The next page, by cursor, starts where the first ended.
    await repo.feed(FeedQuerySchema.parse({ limit: 5, category: 'Tailor', cursor: first.nextCursor }));
    expect(await postRowsRead()).toBeLessThanOrEqual(2 * 5 + 1);
    // A category nobody has posted in reads nothing.
    expect((await repo.feed(FeedQuerySchema.parse({ limit: 10, category: 'Plumber' }))).posts).toEqual([]);
    expect(await postRowsRead()).toBe(0);
  });
});
