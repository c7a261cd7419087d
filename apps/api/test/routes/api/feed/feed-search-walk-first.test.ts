import { FeedQuerySchema } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, insertDairyPosts, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, type TestApp } from '#test/helper';

const hoursAgo = (h: number) => new Date(Date.now() - h * (DAY_MS / 24));

/**
 * A search without a location walks every post newest first when the statistics say most hold its
 * terms, and asks the index first when they say few do (ADR 053). Every page is the same either way.
 */
describe('GET /api/feed?q= without a location: walk or index first', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    // 1,600 posts in the last two days, every second one with both words, 16 with `kulfi`; 400 older ones
    // over 100 days, every one with both. ANALYZE then sees about 800 posts a day, 60 % of them with both
    // words: about 960 in the first window, past the cap; `kulfi` under 1 %, about a dozen there, whose
    // walk would read more pages for a page of them than the index step reads rows.
    for (let i = 0; i < 1600; i++) {
      const content = i % 2 === 0 ? `Fresh paneer batch ${i}` : i % 100 === 1 ? `Kulfi ${i}` : `Fresh milk ${i}`;
      rows.push({ content, createdAt: hoursAgo(0.5 + i * 0.03) });
    }
    for (let i = 0; i < 400; i++) rows.push({ content: `Fresh paneer old ${i}`, createdAt: hoursAgo(60 + i * 6) });
    await insertDairyPosts(db, rows);
  });
  afterAll(() => app.close());

  const newestFirst = (keep: (r: Row) => boolean) => newestContent(rows, keep);
  const both = (r: Row) => /paneer/i.test(r.content) && /fresh/i.test(r.content);

  /** Every page of `query` by offset, through the first 200 posts (deeper pages go by cursor). */
  const everyPageByOffset = async (
    repo: ReturnType<typeof createFeedRepository>,
    query: Record<string, unknown>,
    limit: number,
  ) => {
    const seen: string[] = [];
    for (let offset = 0; offset + limit <= 200; offset += limit) {
      const page = await repo.feed(FeedQuerySchema.parse({ ...query, limit, offset }));
      seen.push(...page.posts.map((p) => p.content));
      if (page.posts.length < limit) return seen;
    }
    return seen;
  };

  it('walks first for terms most posts hold, and answers every page exactly', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    await repo.feed(FeedQuerySchema.parse({ q: 'fresh paneer', limit: 10, offset: 10 }));
    // The walk answered; the index step and the walk without a budget did not run.
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([true, false, false]);

    // A repository of its own reads the statistics ANALYZE just made.
    const fresh = createFeedRepository(app.dbHandle);
    const expected = newestFirst(both);
    for (const limit of [10, 50]) {
      expect(await everyPageByOffset(fresh, { q: 'fresh paneer' }, limit), `by offset, limit ${limit}`).toEqual(
        expected.slice(0, 200),
      );
    }
    expect(await everyPageContent(fresh, { q: 'fresh paneer', limit: 50 })).toEqual(expected);
  });

  it('asks the index first for a term the statistics find few times', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const page = await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 10, offset: 10 }));
    expect(page.posts.map((p) => p.content)).toEqual(newestFirst((r) => /kulfi/i.test(r.content)).slice(10, 20));
    expect(await readPosts(['pw', 'g0', 'w0'])).toEqual([null, true, false]);
  });
});
