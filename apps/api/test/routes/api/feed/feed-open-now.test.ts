import { distanceKm, type OpeningHours } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const BHOPAL = { lat: 23.2599, lon: 77.4126 };
const INDORE = { lat: 22.7196, lon: 75.8577 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);
const indiaDate = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
const allDay = (): OpeningHours['days'] => Array.from({ length: 7 }, () => [{ opens: '00:00', closes: '24:00' }]);

/**
 * `openNow=true` is checked on each row every walk reads, beside the category and a search's terms
 * (feed-repository's filtersOf): whatever step answers a page, the pages list exactly the posts of the
 * businesses open now, newest first. The shops here are open or closed all day whatever the clock
 * says: open all week; closed all week; open all week but on holiday yesterday, today and tomorrow;
 * and hours unknown (not open now).
 */
describe('GET /api/feed?openNow=true (docs/product.md §3, Opening hours)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; lat: number; lon: number; open: boolean };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const now = Date.now();
    const holidays = [indiaDate(now - DAY_MS), indiaDate(now), indiaDate(now + DAY_MS)];
    const shops = [
      { hours: { days: allDay(), holidays: [] }, open: true },
      { hours: { days: Array.from({ length: 7 }, () => []), holidays: [] }, open: false },
      { hours: { days: allDay(), holidays }, open: false },
      { hours: null, open: false },
    ];
    for (const [s, shop] of shops.entries()) {
      for (const [place, at] of [
        ['Bhopal', BHOPAL],
        ['Indore', INDORE],
      ] as const) {
        const business = await createBusiness(db, { ...at, city: place });
        if (shop.hours) await app.accountsRepository.updateProfile(business.id, { hours: shop.hours });
        const batch: Row[] = Array.from({ length: 60 }, (_, i) => ({
          content: `${place} shop ${s} post ${i}`,
          hashtags: i % 4 === 0 ? ['chai'] : ['lane'],
          category: i % 3 === 0 ? 'Tailor' : 'Grocery',
          // Spread over a year, the shops interleaved, a few in the last day (the first window).
          createdAt: daysAgo(i < 6 ? 0.01 + i * 0.1 + s * 0.01 : i * 6 + s * 0.5),
          lat: at.lat + ((i % 7) - 3) * 0.02,
          lon: at.lon + ((i % 5) - 2) * 0.02,
          open: shop.open,
        }));
        rows.push(...batch);
        await db.insert(posts).values(batch.map(({ open: _, ...r }) => ({ ...r, userId: business.id, city: place })));
      }
    }
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const near = (r: Row) => distanceKm(BHOPAL.lat, BHOPAL.lon, r.lat, r.lon) <= RADIUS_KM;
  const cases: [string, Record<string, unknown>, (r: Row) => boolean][] = [
    ['near a point', { ...BHOPAL, radiusKm: RADIUS_KM }, near],
    [
      'near a point, with a category',
      { ...BHOPAL, radiusKm: RADIUS_KM, category: 'Tailor' },
      (r) => near(r) && r.category === 'Tailor',
    ],
    ['without a point', {}, () => true],
    ['without a point, with a category', { category: 'tailor' }, (r) => r.category === 'Tailor'],
    ['a search near a point', { ...BHOPAL, radiusKm: RADIUS_KM, q: 'shop' }, near],
    ['a #tag search without a point', { q: '#chai' }, (r) => r.hashtags.includes('chai')],
    [
      'a search with a category near a point',
      { ...BHOPAL, radiusKm: RADIUS_KM, q: 'post', category: 'Grocery' },
      (r) => near(r) && r.category === 'Grocery',
    ],
  ];

  it.each(cases)('lists exactly the open shops’ posts %s, every page', async (_, query, keep) => {
    const repo = createFeedRepository({ db: app.dbHandle.db, searchShapesCap: 0 });
    const expected = newestContent(rows, (r) => r.open && keep(r));
    expect(expected.length).toBeGreaterThan(7);
    expect(await everyPageContent(repo, { ...query, limit: 7, openNow: 'true' })).toEqual(expected);
    // And the same query without the filter still lists every shop's posts.
    expect(await everyPageContent(repo, { ...query, limit: 50 })).toEqual(newestContent(rows, keep));
  });

  it('marks each post open or not, and openNow=false changes nothing', async () => {
    const res = await app.inject({
      url: `/api/feed?lat=${BHOPAL.lat}&lon=${BHOPAL.lon}&radiusKm=${RADIUS_KM}&limit=50&openNow=false`,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<{ content: string; openNow: boolean | null }[]>();
    expect(page).toHaveLength(50);
    for (const post of page) {
      const shop = Number(/shop (\d)/.exec(post.content)![1]);
      expect(post.openNow, post.content).toBe(shop === 0 ? true : shop === 3 ? null : false);
    }
    const bad = await app.inject({ url: '/api/feed?openNow=yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('openNow must be true or false');
  });
});
