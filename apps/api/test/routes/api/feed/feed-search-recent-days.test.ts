import { FeedQuerySchema } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, insertDairyPosts, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, type TestApp } from '#test/helper';

const hoursAgo = (h: number) => new Date(Date.now() - h * (DAY_MS / 24));

/**
 * A rule more posts hold than the index step's cap (400), too rare for the walk's budget to hold a page,
 * is asked of the index within its last days first (ADR 053): those days' matches answer a page when
 * they hold one, and every page is the newest matching posts whichever step answers it.
 */
describe('GET /api/feed?q= asked of the index within its last days first', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    // 6,000 posts, every twelfth with `kulfi` (500 matches, past the cap; the walk's 2,000 rows are
    // expected to hold 167, short of WALK_MARGIN pages of 50): 3,600 in the last day (300 of them), the
    // other 2,400 from 3 to about 100 days ago (200, 13 hours apart).
    for (let i = 0; i < 6000; i++) {
      const content = i % 12 === 0 ? `Kulfi ${i}` : `Fresh milk ${i}`;
      rows.push({ content, createdAt: i < 3600 ? hoursAgo(0.1 + i * 0.006) : hoursAgo(72 + (i - 3600) * 0.97) });
    }
    await insertDairyPosts(db, rows);
  });
  afterAll(() => app.close());

  const kulfi = () => newestContent(rows, (r) => r.content.startsWith('Kulfi'));

  it('answers from the last days when they hold the page', async () => {
    const { repo, readPosts, cteRows } = explainedFeed(app.dbHandle);
    const page = await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 50, offset: 150 }));
    expect(page.posts.map((p) => p.content)).toEqual(kulfi().slice(150, 200));
    // Neither the walk nor the unbounded index step ran: the first days' step found the 300 of the last day.
    expect(await readPosts(['pw', 'g2', 'g0', 'w0'])).toEqual([null, true, false, false]);
    expect(await cteRows(['g2'])).toEqual([300]);
  });

  it('hands on to wider steps past the last days, and every page is exact', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    // By cursor past the last day's 300: the 2-day step holds none before the cursor, the 16-day one
    // about 27, fewer than a page; the 64-day one about 125, a page.
    let cursor = (await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 50, offset: 150 }))).nextCursor!;
    for (let i = 0; i < 2; i++) cursor = (await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 50, cursor }))).nextCursor!;
    const deep = await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 50, cursor }));
    expect(deep.posts.map((p) => p.content)).toEqual(kulfi().slice(300, 350));
    expect(await readPosts(['pw', 'g2', 'g16', 'g64', 'g0', 'w0'])).toEqual([null, true, true, true, false, false]);

    const fresh = createFeedRepository(app.dbHandle);
    expect(await everyPageContent(fresh, { q: 'kulfi', limit: 50 })).toEqual(kulfi());
  });
});
