import { FeedQuerySchema, distanceKm } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { cellOf, chooseCover } from '#src/plugins/app/posts/feed-cells';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { readSearchShares } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const INDORE = { lat: 22.7196, lon: 75.8577 };
const RADIUS_KM = 25;
/** 26 km east of Indore: outside the circle, in a cell it touches. */
const BEYOND = { lat: INDORE.lat, lon: INDORE.lon + 26 / (111.195 * Math.cos((INDORE.lat * Math.PI) / 180)) };
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/**
 * A search whose terms most posts hold walks the newest posts of the circle's cells first (ADR 053):
 * the page it answers from them must be the one every other step gives, with the posts of those cells
 * that lie beyond the radius left out, and it must hand on to the index steps when its rows hold too
 * few matches.
 */
describe('GET /api/feed?q= answered from the newest posts of the cells (the walk)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; lat: number; lon: number };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Sarafa Daily', name: 'Vikas Jain', ...INDORE, city: 'Indore' });
    // Every second post near Indore carries #dailydeal, none of these Tailor ones; half an hour apart.
    for (let i = 0; i < 500; i++) {
      rows.push({
        content: `Daily deal ${i}`,
        hashtags: i % 2 === 0 ? ['dailydeal'] : ['sarafa'],
        category: i % 4 === 0 ? 'Grocery' : i % 2 === 0 ? 'Bakery' : 'Tailor',
        createdAt: daysAgo(0.01 + i * 0.02),
        // Spread over a few km around the centre.
        lat: INDORE.lat + ((i % 7) - 3) * 0.01,
        lon: INDORE.lon + ((i % 5) - 2) * 0.01,
      });
    }
    // Six Tailor posts carry it: three among the newest 200 of the 256 Tailor posts, three older.
    for (const days of [0.5, 1, 1.5, 20, 21, 22]) {
      rows.push({
        content: `Tailor deal ${days}`,
        hashtags: ['dailydeal'],
        category: 'Tailor',
        createdAt: daysAgo(days),
        ...INDORE,
      });
    }
    // The newest of all lie beyond the radius, in the circle's cells, and match: a probe that let them
    // in would answer them first.
    for (let i = 0; i < 30; i++) {
      rows.push({
        content: `Beyond deal ${i}`,
        hashtags: ['dailydeal'],
        category: 'Grocery',
        createdAt: daysAgo(0.001 + i * 0.0001),
        ...BEYOND,
      });
    }
    await db
      .insert(posts)
      .values(
        [...rows]
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((r) => ({ ...r, userId: shop.id, city: 'Indore', state: 'Madhya Pradesh' })),
      );
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const newestFirst = (keep: (r: Row) => boolean) => newestContent(rows, keep);
  const within = (r: Row) => distanceKm(INDORE.lat, INDORE.lon, r.lat, r.lon) <= RADIUS_KM;
  const near = { ...INDORE, radiusKm: RADIUS_KM };

  it('walks the cells first for a common term, though they hold posts beyond the radius', async () => {
    const shares = await readSearchShares(app.dbHandle.db);
    const cellShare = (cell: number) => shares!.cell.listed.get(String(cell)) ?? shares!.cell.unlisted;
    const chosen = chooseCover(INDORE.lat, INDORE.lon, RADIUS_KM, cellShare, false);
    expect(chosen.parts.some((part) => part.cells.includes(cellOf(BEYOND.lat, BEYOND.lon, part.grid)))).toBe(true);
    // A tag this test's few posts carry would be answered from post_tags first (ADR 035): left out here.
    const { repo, readPosts } = explainedFeed(app.dbHandle, { tagCap: 0 });
    const page = await repo.feed(FeedQuerySchema.parse({ q: '#dailydeal', ...near, limit: 10 }));
    expect(page.posts.map((p) => p.content)).toEqual(
      newestFirst((r) => r.hashtags.includes('dailydeal') && within(r)).slice(0, 10),
    );
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([true, false, false]);
  });

  it('answers each page exactly, near a point and India-wide, with and without the category', async () => {
    // A repository of its own reads the statistics ANALYZE just made.
    const repo = createFeedRepository(app.dbHandle);
    const pages = async (query: Record<string, string | number>, count: number) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < count; i++) {
        const page = await repo.feed(FeedQuerySchema.parse({ ...query, limit: 10, ...(cursor ? { cursor } : {}) }));
        seen.push(...page.posts.map((p) => p.content));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return seen;
    };
    const tagged = (r: Row) => r.hashtags.includes('dailydeal');
    // Every page to the last: near the end the walk runs out of posts before the cursor, and its rows are all there is.
    expect(await pages({ q: '#dailydeal', ...near }, 40)).toEqual(newestFirst((r) => tagged(r) && within(r)));
    // 'daily' in the content or the hashtags, 'deal' in the content.
    expect(await pages({ q: 'daily deal', ...near }, 3)).toEqual(
      newestFirst((r) => (r.content.startsWith('Daily') || tagged(r)) && within(r)).slice(0, 30),
    );
    expect(await pages({ q: '#dailydeal', category: 'grocery', ...near }, 3)).toEqual(
      newestFirst((r) => tagged(r) && r.category === 'Grocery' && within(r)).slice(0, 30),
    );
    expect(await pages({ q: '#dailydeal' }, 5)).toEqual(newestFirst(tagged).slice(0, 50));
    // Without a place, the category's walk is its own range (ADR 039), and answers (the tag step, which
    // would answer a tag this rare first, left out).
    const explained = explainedFeed(app.dbHandle, { tagCap: 0 });
    expect(await everyPageContent(explained.repo, { q: '#sarafa', category: 'tailor', limit: 10 })).toEqual(
      newestFirst((r) => r.category === 'Tailor' && r.hashtags.includes('sarafa')),
    );
    await explained.repo.feed(FeedQuerySchema.parse({ q: '#sarafa', category: 'tailor', limit: 10 }));
    expect(await explained.readPosts(['pw'])).toEqual([true]);
    // Offset pages agree.
    const offset = await repo.feed(FeedQuerySchema.parse({ q: '#dailydeal', ...near, limit: 10, offset: 20 }));
    expect(offset.posts.map((p) => p.content)).toEqual(newestFirst((r) => tagged(r) && within(r)).slice(20, 30));
  });

  it('hands on to the index step when the walk’s rows hold too few matches', async () => {
    const repo = createFeedRepository(app.dbHandle);
    // Common among all posts, on six Tailor posts: the probe reads the newest 200 Tailor posts and finds
    // three, fewer than a page; the index steps find all six.
    const page = await repo.feed(FeedQuerySchema.parse({ q: '#dailydeal', category: 'Tailor', ...near, limit: 10 }));
    expect(page.posts.map((p) => p.content)).toEqual(['0.5', '1', '1.5', '20', '21', '22'].map((d) => `Tailor deal ${d}`));
    expect(page.nextCursor).toBeNull();
    // The same without a place, where the probe walks the Tailor posts' own range (the tag step left out).
    const probing = createFeedRepository({ ...app.dbHandle, tagCap: 0 });
    const anywhere = await probing.feed(FeedQuerySchema.parse({ q: '#dailydeal', category: 'Tailor', limit: 10 }));
    expect(anywhere.posts.map((p) => p.content)).toEqual(page.posts.map((p) => p.content));
  });
});
