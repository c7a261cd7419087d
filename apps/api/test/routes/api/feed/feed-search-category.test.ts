import { FeedQuerySchema, distanceKm } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { cellsForCircle } from '#src/plugins/app/posts/feed-cells';
import { type StepEstimate, createFeedRepository, searchFrom, stepEstimate } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS, readSearchShares, searchIndexSteps } from '#src/plugins/app/posts/post-filters';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const BHOPAL = { lat: 23.2599, lon: 77.4126 };
const CHENNAI = { lat: 13.0827, lon: 80.2707 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A search with a category near a point asks the index for the circle's posts of that category
 * (posts_category_cells, ADR 031), and a search leaves out the windows the statistics say cannot pay:
 * the sized windows when every day holds few candidates and the circle's keys list fewer posts than a
 * span key, the first window too when it holds less than a page. The statistics come from ANALYZE, so
 * posts made since are unknown to them, and a step left out must change only what is read, never what
 * is found.
 */
describe('GET /api/feed?q=&category= near a point (ADR 031)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; lat: number; lon: number };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Bhopal Darzi', ...BHOPAL, city: 'Bhopal' });
    // A post every two days for 600 days, a few km around the centre; every third is Tailor's, and
    // every second is tagged #stitch. One in ten lies about 28 km north, at the circle's edge.
    for (let i = 0; i < 300; i++) {
      rows.push({
        content: `Post ${i}`,
        hashtags: i % 2 === 0 ? ['stitch'] : ['lane'],
        category: i % 3 === 0 ? 'Tailor' : 'Grocery',
        createdAt: daysAgo(3 + i * 2),
        lat: BHOPAL.lat + ((i % 7) - 3) * 0.02 + (i % 10 === 0 ? 0.25 : 0),
        lon: BHOPAL.lon + ((i % 5) - 2) * 0.02,
      });
    }
    const insert = (batch: Row[]) =>
      db.insert(posts).values(batch.map((r) => ({ ...r, userId: shop.id, city: 'Bhopal', state: 'Madhya Pradesh' })));
    await insert(rows);
    // Ten times as many in Chennai, far from the circle: a span key lists India's posts, the circle's
    // keys Bhopal's. With them #stitch is on under 5 % of the posts, too few for the probe (ADR 041).
    const elsewhere = Array.from({ length: 3000 }, (_, i) => ({
      content: `Far ${i}`,
      hashtags: ['far'],
      category: 'Grocery',
      createdAt: daysAgo(3 + i * 0.4),
      lat: CHENNAI.lat + ((i % 7) - 3) * 0.02,
      lon: CHENNAI.lon + ((i % 5) - 2) * 0.02,
    }));
    await insert(elsewhere);
    await db.execute(sql`ANALYZE posts`);
    // Made after ANALYZE, so the statistics do not know them: twelve Tailor posts tagged #stitch in the
    // last twelve hours, which the first window alone would have answered a page of 10 from.
    const burst = Array.from({ length: 12 }, (_, i) => ({
      content: `Burst ${i}`,
      hashtags: ['stitch'],
      category: 'Tailor',
      createdAt: daysAgo(0.01 + i * 0.04),
      ...BHOPAL,
    }));
    rows.push(...burst);
    await insert(burst);
  });
  afterAll(() => app.close());

  const newestFirst = (keep: (r: Row) => boolean) =>
    newestContent(rows, (r) => keep(r) && distanceKm(BHOPAL.lat, BHOPAL.lon, r.lat, r.lon) <= RADIUS_KM);
  const near = { ...BHOPAL, radiusKm: RADIUS_KM };

  it('starts from the step the statistics say can pay', async () => {
    const shares = await readSearchShares(app.dbHandle.db);
    const cells = cellsForCircle(BHOPAL.lat, BHOPAL.lon, RADIUS_KM);
    const estimate = (category?: string): StepEstimate => {
      const steps = searchIndexSteps('#stitch', category, [], shares, cells);
      expect(steps.later.map((c) => c.of)).not.toContain('category');
      return stepEstimate(shares, steps, { circle: true, cursor: false, oneRange: false });
    };
    // Three posts a day in India, 48 in a span; Bhopal's Tailor posts are fewer (the statistics take the
    // category as spread evenly: about 17), and a few of them tagged #stitch. The first window holds
    // about 0.005 of all posts: less than a page of those.
    const tailor = estimate('Tailor');
    expect(tailor.spanPosts).toBeGreaterThan(40);
    expect(tailor.circlePosts).toBeLessThan(tailor.spanPosts!);
    expect(tailor.candidates).toBeLessThan(10);
    expect(searchFrom(tailor, 10)).toBe(2);
    // Every post of Bhopal's cells: more than a span lists. Every day's step first, then every window
    // (ADR 037): it finds fewer than the cap, and the first window less than a page of them.
    const all = estimate();
    expect(all.circlePosts).toBeGreaterThan(all.spanPosts!);
    expect(all.candidates! * all.firstShare!).toBeLessThan(10);
    expect(searchFrom(all, 10)).toBe(4);

    const few = { circle: true, candidates: 200, circlePosts: 1000, spanPosts: 1000, firstShare: 0.5, walk: null };
    expect(searchFrom(few, 10)).toBe(1);
    expect(searchFrom({ ...few, firstShare: 0.04 }, 10)).toBe(2);
    expect(searchFrom({ ...few, firstShare: null }, 10)).toBe(1);
    expect(searchFrom({ ...few, candidates: 201 }, 10)).toBe(0);
    expect(searchFrom({ ...few, circlePosts: 1001 }, 10)).toBe(0);
    expect(searchFrom({ ...few, candidates: null }, 10)).toBe(0);
    expect(searchFrom({ ...few, spanPosts: null }, 10)).toBe(0);
    // Every day first (ADR 037) when it finds up to half as many again as the cap, and the first window
    // less than a page of them; a first window that holds a page comes first.
    expect(searchFrom({ ...few, firstShare: 0.04, candidates: 201 }, 10)).toBe(4);
    expect(searchFrom({ ...few, firstShare: 0.01, candidates: 600 }, 10)).toBe(4);
    expect(searchFrom({ ...few, firstShare: 0.01, candidates: 601 }, 10)).toBe(0);
    expect(searchFrom({ ...few, firstShare: 0.04, circlePosts: 1001 }, 10)).toBe(4);
    expect(searchFrom({ ...few, firstShare: 0.05, circlePosts: 1001 }, 10)).toBe(0);
    expect(searchFrom({ ...few, firstShare: null, circlePosts: 1001 }, 10)).toBe(0);
    // Without a circle every candidate is a match: every day first only up to half the cap (ADR 043).
    const anywhere = { ...few, circle: false, circlePosts: 100_000, firstShare: 0.01 };
    expect(searchFrom(anywhere, 10)).toBe(4);
    expect(searchFrom({ ...anywhere, candidates: 201 }, 10)).toBe(0);
    expect(searchFrom({ ...anywhere, candidates: 585 }, 10)).toBe(0);
    // Without a circle or a category (ADR 033): the first window's walk first when it reads fewer pages
    // for a page of matches than the index step reads rows, or when that step reaches the cap.
    expect(searchFrom({ ...few, walk: { matches: 300, pagesPerMatch: 29 } }, 10)).toBe(3);
    expect(searchFrom({ ...few, walk: { matches: 300, pagesPerMatch: 30 } }, 10)).toBe(1);
    expect(searchFrom({ ...few, walk: { matches: 400, pagesPerMatch: 100 } }, 10)).toBe(3);
  });

  it('answers every page exactly, with the posts the statistics do not know first', async () => {
    // A repository of its own reads the statistics ANALYZE just made.
    const repo = createFeedRepository(app.dbHandle);
    const pages = (query: Record<string, string | number>, limit: number) => everyPageContent(repo, { ...query, limit });
    const stitch = (r: Row) => r.hashtags.includes('stitch');
    for (const limit of [5, 10, 50]) {
      expect(await pages({ ...near, q: '#stitch', category: 'tailor' }, limit), `Tailor, limit ${limit}`).toEqual(
        newestFirst((r) => stitch(r) && r.category === 'Tailor'),
      );
      expect(await pages({ ...near, q: 'stitch', category: 'Grocery' }, limit), `Grocery, limit ${limit}`).toEqual(
        newestFirst((r) => stitch(r) && r.category === 'Grocery'),
      );
      expect(await pages({ ...near, q: '#stitch' }, limit), `limit ${limit}`).toEqual(newestFirst(stitch));
    }
  });

  it('leaves the index steps it skips out of its statement', async () => {
    // No tag is rare enough for the tag step (ADR 035): these are posts_search_idx's steps.
    const { repo, readPosts } = explainedFeed(app.dbHandle, { tagStep: { cap: 0 } });
    /** For each index step's CTE, whether it read posts (null: in no statement run), and the page's posts. */
    const stepsRun = async (query: Record<string, string | number>) => {
      const page = await repo.feed(FeedQuerySchema.parse({ ...near, ...query, limit: 10 }));
      return { steps: await readPosts(['g0', 'g1', 'g2', 'g3']), page };
    };
    // Straight to every day, which holds the burst and the rest. Every window in turn, the first
    // would have answered from the burst: [true, false, false, false].
    expect((await stepsRun({ q: '#stitch', category: 'Tailor' })).steps).toEqual([null, null, null, true]);
    // Every post of Bhopal's cells: more than a span lists. Every day's step first (ADR 037), which
    // finds fewer than the cap with the burst: every window is in the statement, and none runs.
    const first = await stepsRun({ q: '#stitch' });
    expect(first.steps).toEqual([false, false, false, true]);
    const next = await stepsRun({ q: '#stitch', cursor: first.page.nextCursor! });
    expect(next.steps).toEqual([false, false, false, true]);
    expect(next.page.posts.map((p) => p.content)).toEqual(newestFirst((r) => r.hashtags.includes('stitch')).slice(10, 20));
  });
});
