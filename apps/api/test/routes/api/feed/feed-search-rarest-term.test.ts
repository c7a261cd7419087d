import { FeedQuerySchema } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, insertDairyPosts, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, type TestApp } from '#test/helper';

const hoursAgo = (h: number) => new Date(Date.now() - h * (DAY_MS / 24));

/**
 * A search of two terms, one in every post and one rare: the index narrows by the rare one alone (the
 * statistics' rarest, rarestTerm), and the common one is checked on its matches' rows. At 10M posts a
 * common term's trigram lists were most of the index step's cost (ADR 053). Which terms narrow changes
 * cost only: every page is still the newest posts holding both.
 */
describe('GET /api/feed?q= of a common and a rare term', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    // 3,000 posts over 60 days, all `fresh`, every thirtieth with `paneer` (100): too few for the walk's
    // budget to hold WALK_MARGIN pages, so the index step answers.
    for (let i = 0; i < 3000; i++) {
      rows.push({ content: i % 30 === 0 ? `Fresh paneer ${i}` : `Fresh milk ${i}`, createdAt: hoursAgo(0.1 + i * 0.48) });
    }
    await insertDairyPosts(app.dbHandle.db, rows);
  });
  afterAll(() => app.close());

  const paneer = () => newestContent(rows, (r) => r.content.startsWith('Fresh paneer'));

  it.each(['fresh paneer', 'Paneer FRESH'])('asks the index for the rare term only (%s)', async (q) => {
    const { repo, indexConditions } = explainedFeed(app.dbHandle);
    const page = await repo.feed(FeedQuerySchema.parse({ q, limit: 20 }));
    expect(page.posts.map((p) => p.content)).toEqual(paneer().slice(0, 20));
    const [conditions] = await indexConditions(['g0']);
    expect(conditions!.join(' ')).toMatch(/%paneer%/i);
    expect(conditions!.join(' ')).not.toMatch(/%fresh%/i);
  });

  it('answers every page exactly', async () => {
    const { repo } = explainedFeed(app.dbHandle);
    expect(await everyPageContent(repo, { q: 'fresh paneer', limit: 20 })).toEqual(paneer());
    expect(await everyPageContent(repo, { q: 'paneer fresh', limit: 20 })).toEqual(paneer());
  });
});
