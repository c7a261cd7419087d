import { FeedQuerySchema, distanceKm } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const BHOPAL = { lat: 23.2599, lon: 77.4126 };
const CHENNAI = { lat: 13.0827, lon: 80.2707 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A search with a category near a point asks the index for the circle's posts of that category
 * (posts_category_cells, ADR 031). The statistics come from ANALYZE, so posts made since are unknown to
 * them: which step comes first may change only what is read, never what is found.
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

  it('asks the index for the circle’s posts of the category, and runs nothing after the step that answers', async () => {
    // No tag step (ADR 035): these are posts_search_idx's and the walks' steps.
    const { repo, readPosts } = explainedFeed(app.dbHandle, { tagCap: 0 });
    const page = await repo.feed(FeedQuerySchema.parse({ ...near, q: '#stitch', category: 'Tailor', limit: 10 }));
    expect(page.posts.map((p) => p.content)).toEqual(
      newestFirst((r) => r.hashtags.includes('stitch') && r.category === 'Tailor').slice(0, 10),
    );
    const [walk, index, last] = await readPosts(['pw', 'g0', 'w0']);
    // Whichever comes first answers: the walk without a budget never runs.
    expect(walk === true || index === true).toBe(true);
    expect(last).toBe(false);
  });
});
