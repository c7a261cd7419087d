import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const JAIPUR = { lat: 26.9124, lon: 75.7873 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A tag on one post in 28 over a month of dense posts: common enough for the walk near a point, while
 * its last pages come short of the walk's budget and go on to the index. Every page is the same.
 */
describe('GET /api/feed?q= over a month of dense posts, a tag on one in 28', () => {
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

  it('answers every page exactly, by cursor, whatever the page size', async () => {
    // A repository of its own reads the statistics ANALYZE just made.
    const fresh = createFeedRepository(app.dbHandle);
    const thali = tagged();
    for (const limit of [5, 8, 10, 50]) {
      expect(await everyPageContent(fresh, { ...near, q: '#thali', limit }), `limit ${limit}`).toEqual(thali);
      expect(await everyPageContent(fresh, { q: '#thali', limit }), `anywhere, limit ${limit}`).toEqual(thali);
    }
  });
});
