import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { cellsForCircle } from '#src/plugins/app/posts/feed-cells';
import { createFeedRepository, firstWindowFills } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS, readSearchShares, searchIndexSteps } from '#src/plugins/app/posts/post-filters';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const JAIPUR = { lat: 26.9124, lon: 75.7873 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A search whose first window the statistics expect to fill the page runs its windows as statements of
 * their own (ADR 034): the first window's, then the sized windows' (sized from what the first found),
 * then every day's, each only when the one before came short. Each alone is exact when it fills the
 * page, so every page is the same.
 */
describe('GET /api/feed?q= near a point, its windows a statement each (ADR 034)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; createdAt: Date };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Jaipur Bhojanalaya', ...JAIPUR, city: 'Jaipur' });
    // 320 posts a day for 30 days, all within a few km; one in 28 tagged #thali: 3.6 %, too few for
    // the probe (5 %), about 34 in the first window's days by the statistics. The first window is
    // today and yesterday by UTC days (and tomorrow): just after midnight, yesterday alone holds 11.
    for (let i = 0; i < 9600; i++) {
      rows.push({ content: `Plate ${i}`, hashtags: i % 28 === 0 ? ['thali'] : ['lane'], createdAt: daysAgo(0.01 + i / 320) });
    }
    for (let i = 0; i < rows.length; i += 500) {
      await db.insert(posts).values(
        rows.slice(i, i + 500).map((r, j) => ({
          ...r,
          userId: shop.id,
          category: 'Restaurant',
          lat: JAIPUR.lat + ((j % 7) - 3) * 0.01,
          lon: JAIPUR.lon + ((j % 5) - 2) * 0.01,
          city: 'Jaipur',
          state: 'Rajasthan',
        })),
      );
    }
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const tagged = () => newestContent(rows, (r) => r.hashtags.includes('thali'));
  const near = { ...JAIPUR, radiusKm: RADIUS_KM };

  it('expects the first window to fill the page for a term it holds a page of, not for an absent one', async () => {
    const shares = await readSearchShares(app.dbHandle.db);
    const cells = cellsForCircle(JAIPUR.lat, JAIPUR.lon, RADIUS_KM);
    const firstShare = (shares!.perDay! * 3) / shares!.posts;
    const fills = (q: string, take: number) =>
      firstWindowFills(shares, searchIndexSteps(q, undefined, [], shares, cells), firstShare, take);
    expect(fills('#thali', 10)).toBe(true);
    expect(fills('#thali', 50)).toBe(false);
    expect(fills('#nosuchtag', 10)).toBe(false);
    expect(firstWindowFills(null, { termsShare: 0.5, termsListed: true, circleShare: 1 }, 0.5, 10)).toBe(false);
    // A share the statistics do not list is their guess: never expected to fill.
    expect(firstWindowFills(shares, { termsShare: 0.5, termsListed: false, circleShare: 1 }, 0.5, 10)).toBe(false);
    expect(firstWindowFills(shares, { termsShare: 0.5, termsListed: true, circleShare: 1 }, 0.5, 10)).toBe(true);
    // Without a circle, a category's share: a rare one's first window is not expected to fill.
    expect(firstWindowFills(shares, { termsShare: 0.5, termsListed: true, circleShare: 1 }, 0.5, 10, 0.001)).toBe(false);
  });

  it('stops at the first statement that fills the page, and answers every page exactly', async () => {
    // No tag is rare enough for the tag step (ADR 035): these are posts_search_idx's steps.
    const { repo, readPosts } = explainedFeed(app.dbHandle, { tagStep: { cap: 0 } });
    const thali = tagged();
    const steps = () => readPosts(['g0', 'g1', 'g2', 'g3']);
    // The first window answers; the sized windows' and every day's statements do not run.
    let page = await repo.feed(FeedQuerySchema.parse({ ...near, q: '#thali', limit: 8 }));
    expect(await steps()).toEqual([true, null, null, null]);
    // By cursor to the last page, whose first window (two days before the cursor) holds its last seven:
    // the sized windows, sized from those seven, find no more, and every day's statement answers.
    for (let i = 1; i < Math.ceil(thali.length / 8); i++) {
      page = await repo.feed(FeedQuerySchema.parse({ ...near, q: '#thali', limit: 8, cursor: page.nextCursor! }));
    }
    expect(page.posts.map((p) => p.content)).toEqual(thali.slice(-(thali.length % 8)));
    expect(await steps()).toEqual([true, true, true, true]);

    // A repository of its own reads the statistics ANALYZE just made.
    const fresh = createFeedRepository(app.dbHandle);
    for (const limit of [5, 8, 10, 50]) {
      expect(await everyPageContent(fresh, { ...near, q: '#thali', limit }), `limit ${limit}`).toEqual(thali);
    }
  });
});
