import { FeedQuerySchema } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, insertDairyPosts, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, type TestApp } from '#test/helper';

const hoursAgo = (h: number) => new Date(Date.now() - h * (DAY_MS / 24));

/**
 * A rule so common lately that the index steps' first days already hold more matches than their cap,
 * searched without a place: the later index steps, whose days hold the first's, are skipped, and the
 * newest posts walked with the rule checked on each answer the page. The last walk, with the rule in
 * its conditions, is never asked (at 10M posts it read every match: 6 s for `fresh paneer`).
 */
describe('GET /api/feed?q= without a place, a rule past the cap within its first days', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    // 6,000 posts in the last 36 hours, every twelfth with `kulfi`: 500 matches, past the cap (400)
    // within the first index step's 2 days; the walk's 2,000 rows are expected to hold 167, short of
    // WALK_MARGIN pages of 50, so the index comes first.
    for (let i = 0; i < 6000; i++) {
      rows.push({ content: i % 12 === 0 ? `Kulfi ${i}` : `Fresh milk ${i}`, createdAt: hoursAgo(0.1 + i * 0.006) });
    }
    await insertDairyPosts(db, rows);
  });
  afterAll(() => app.close());

  const kulfi = () => newestContent(rows, (r) => r.content.startsWith('Kulfi'));

  it('skips the index steps after one fills its cap, and walks the newest posts', async () => {
    const { repo, readPosts, cteRows } = explainedFeed(app.dbHandle);
    const page = await repo.feed(FeedQuerySchema.parse({ q: 'kulfi', limit: 50, offset: 100 }));
    expect(page.posts.map((p) => p.content)).toEqual(kulfi().slice(100, 150));
    expect(await cteRows(['g2'])).toEqual([400]);
    expect(await readPosts(['g2', 'g16', 'g64', 'g0', 'aw', 'w0'])).toEqual([true, false, false, false, true, false]);
  });

  it('answers every page exactly', async () => {
    const { repo } = explainedFeed(app.dbHandle);
    expect(await everyPageContent(repo, { q: 'kulfi', limit: 50 })).toEqual(kulfi());
  });
});
