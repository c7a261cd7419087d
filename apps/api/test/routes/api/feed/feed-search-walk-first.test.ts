import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { createFeedRepository, firstWindowWalk } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS, readSearchShares, searchIndexSteps } from '#src/plugins/app/posts/post-filters';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const INDORE = { lat: 22.7196, lon: 75.8577 };
const hoursAgo = (h: number) => new Date(Date.now() - h * (DAY_MS / 24));

/**
 * A search without a location or a category whose first window the statistics say holds many matches
 * walks that window newest first, without its index step (ADR 033): the step would only have read the
 * cap's rows before handing over to the walk. The walk is exact when it fills the page, and the every-day
 * steps follow when it does not, so every page is the same as before.
 */
describe('GET /api/feed?q= without a location: the first window walked first (ADR 033)', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Sharma Dairy', city: 'Indore' });
    // 1,600 posts in the last two days, every second one with both words, 16 with `kulfi`; 400 older ones
    // over 100 days, every one with both. ANALYZE then sees about 800 posts a day, 60 % of them with both
    // words: about 960 in the first window, past the cap; `kulfi` under 1 %, about a dozen there, whose
    // walk would read more pages for a page of them than the index step reads rows.
    for (let i = 0; i < 1600; i++) {
      const content = i % 2 === 0 ? `Fresh paneer batch ${i}` : i % 100 === 1 ? `Kulfi ${i}` : `Fresh milk ${i}`;
      rows.push({ content, createdAt: hoursAgo(0.5 + i * 0.03) });
    }
    for (let i = 0; i < 400; i++) rows.push({ content: `Fresh paneer old ${i}`, createdAt: hoursAgo(60 + i * 6) });
    for (let i = 0; i < rows.length; i += 500) {
      await db.insert(posts).values(
        rows.slice(i, i + 500).map((r, j) => ({
          ...r,
          userId: shop.id,
          category: 'Dairy',
          hashtags: [['dairy', 'ghee', 'curd'][j % 3]!],
          // Statistics need places: spread over Indore's 0.25° cells.
          lat: INDORE.lat + (j % 5) * 0.1,
          lon: INDORE.lon + (j % 7) * 0.1,
          city: 'Indore',
          state: 'Madhya Pradesh',
        })),
      );
    }
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const newestFirst = (keep: (r: Row) => boolean) => newestContent(rows, keep);
  const both = (r: Row) => /paneer/i.test(r.content) && /fresh/i.test(r.content);

  /** Every page of `query` by offset (pages with an offset are never probed first, ADR 027). */
  const everyPageByOffset = async (
    repo: ReturnType<typeof createFeedRepository>,
    query: Record<string, unknown>,
    limit: number,
  ) => {
    const seen: string[] = [];
    for (let offset = 0; ; offset += limit) {
      const page = await repo.feed(FeedQuerySchema.parse({ ...query, limit, offset }));
      seen.push(...page.posts.map((p) => p.content));
      if (page.posts.length < limit) return seen;
    }
  };

  it('walks the first window without its index step, and answers every page exactly', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    await repo.feed(FeedQuerySchema.parse({ q: 'fresh paneer', limit: 10, offset: 10 }));
    // The walk answered; the first window's index step is in no statement, the every-day one's did not run (ADR 034).
    expect(await readPosts(['w0', 'g0', 'g3'])).toEqual([true, null, null]);

    // A repository of its own reads the statistics ANALYZE just made.
    const fresh = createFeedRepository(app.dbHandle);
    const expected = newestFirst(both);
    for (const limit of [10, 50]) {
      expect(await everyPageByOffset(fresh, { q: 'fresh paneer' }, limit), `by offset, limit ${limit}`).toEqual(expected);
    }
    expect(await everyPageContent(fresh, { q: 'fresh paneer', limit: 50 })).toEqual(expected);
  });

  it('walks first only one range of posts, for terms whose shares the statistics list', async () => {
    const shares = await readSearchShares(app.dbHandle.db);
    const steps = (q: string) => searchIndexSteps(q, undefined, [[], []], shares, null);
    expect(steps('fresh paneer').termsListed).toBe(true);
    expect(firstWindowWalk(shares, steps('fresh paneer'), true)!.matches).toBeGreaterThan(400);
    expect(firstWindowWalk(shares, steps('fresh paneer'), false)).toBeNull();
    // Absent: its share is the statistics' guess for trigrams rarer than those they list.
    expect(steps('zqxv').termsListed).toBe(false);
    expect(firstWindowWalk(shares, steps('zqxv'), true)).toBeNull();
  });

  it('asks the index first for a category, or a term the statistics find fewer times', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    await repo.feed(FeedQuerySchema.parse({ q: 'fresh paneer', category: 'Dairy', limit: 10, offset: 10 }));
    expect(await readPosts(['g0'])).toEqual([true]);
    // `kulfi`: no walk first; so few that the statistics send it straight to every day (ADR 031).
    await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 10, offset: 10 }));
    expect(await readPosts(['w0', 'g0', 'g3'])).toEqual([null, null, true]);
  });
});
