import { FeedQuerySchema, type OpeningHours, distanceKm } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '#src/db/client';
import { posts } from '#src/db/schema';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { everyPageContent, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;
const REAL_NOW = Date.now();
/** Midnight India time of a Monday at least a week from now (the clock is only ever set forward). */
const MONDAY = (() => {
  const midnight = Math.floor((REAL_NOW + IST_MS) / DAY_MS) * DAY_MS - IST_MS + 7 * DAY_MS;
  return midnight + ((7 - ((new Date(midnight + IST_MS).getUTCDay() + 6) % 7)) % 7) * DAY_MS;
})();
/** `day` days after that Monday's midnight, at India time `hhmm`. */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(MONDAY + day * DAY_MS + (h! * 60 + m!) * 60_000);
};
const indiaDate = (ms: number) => new Date(ms + IST_MS).toISOString().slice(0, 10);
const everyDay = (ranges: OpeningHours['days'][number]): OpeningHours['days'] => Array.from({ length: 7 }, () => ranges);
const BHOPAL = { lat: 23.2599, lon: 77.4126 };
const RADIUS_KM = 25;

/**
 * The shops, and for each instant of CLOCK whether each is open, written out by hand from their hours
 * (the oracle): a kirana's split day; an overnight 18:00–02:00; open all day but on holiday on
 * Wednesday; open all day but "Closed today" from Thursday 10:00; hours unknown; closed on Mondays.
 */
const SHOPS: { hours: OpeningHours | null; closedTodayAt?: Date }[] = [
  {
    hours: {
      days: everyDay([
        { opens: '07:00', closes: '13:00' },
        { opens: '16:00', closes: '22:00' },
      ]),
      holidays: [],
    },
  },
  { hours: { days: everyDay([{ opens: '18:00', closes: '02:00' }]), holidays: [] } },
  { hours: { days: everyDay([{ opens: '00:00', closes: '24:00' }]), holidays: [indiaDate(at(2, '12:00').getTime())] } },
  { hours: { days: everyDay([{ opens: '00:00', closes: '24:00' }]), holidays: [] }, closedTodayAt: at(3, '10:00') },
  { hours: null },
  { hours: { days: everyDay([{ opens: '10:00', closes: '20:00' }]).map((d, i) => (i === 0 ? [] : d)), holidays: [] } },
];
const CLOCK: [day: number, time: string, open: string][] = [
  [0, '06:59', '..oo..'],
  [0, '07:00', 'o.oo..'],
  [0, '13:00', '..oo..'],
  [0, '21:59', 'oooo..'],
  [0, '22:00', '.ooo..'],
  [1, '01:59', '.ooo..'],
  [1, '02:00', '..oo..'],
  [1, '10:00', 'o.oo.o'],
  [2, '10:00', 'o..o.o'],
  [3, '09:59', 'o.oo..'],
  [3, '10:00', 'o.o..o'],
  [3, '23:59', '.oo...'],
  [4, '00:00', '.ooo..'],
];

/**
 * Open now across a moving clock (ADR 055): as each shop opens and closes, its posts come into and
 * leave every page of `openNow=true`, whatever step answers it (walks, windows, a search's steps).
 */
describe('GET /api/feed?openNow=true as the clock moves (docs/product.md §3, Opening hours)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; lat: number; lon: number; shop: number };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    for (const [s, shop] of SHOPS.entries()) {
      const business = await createBusiness(db, { ...BHOPAL, city: 'Bhopal' });
      const setHours = async () => {
        if (!shop.hours) return;
        await app.accountsRepository.updateProfile(business.id, { hours: shop.hours });
        if (shop.closedTodayAt) await app.accountsRepository.updateProfile(business.id, { closure: 'today' }, shop.closedTodayAt);
      };
      // Half the shops set their hours before they post, half after: the posts' copies of the hours
      // (ADR 055) are written as a post is made and again as its business's hours change.
      if (s % 2 === 0) await setHours();
      const batch: Row[] = Array.from({ length: 18 }, (_, i) => ({
        content: `Bhopal shop ${s} post ${i}`,
        hashtags: i % 3 === 0 ? ['chai'] : ['lane'],
        category: i % 4 === 0 ? 'Tailor' : 'Grocery',
        // Some in the last day (the first window), the rest over a year, the shops interleaved.
        createdAt: new Date(REAL_NOW - (i < 4 ? 0.05 + i * 0.1 + s * 0.01 : i * 15 + s * 0.5) * DAY_MS),
        // Every 8th farther out than the radius.
        lat: BHOPAL.lat + (i % 8 === 7 ? 0.4 : ((i % 5) - 2) * 0.02),
        lon: BHOPAL.lon + ((i % 3) - 1) * 0.02,
        shop: s,
      }));
      rows.push(...batch);
      await db.insert(posts).values(batch.map(({ shop: _, ...r }) => ({ ...r, userId: business.id, city: 'Bhopal' })));
      if (s % 2 === 1) await setHours();
    }
    await db.execute(sql`ANALYZE posts`);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => app.close());

  const near = (r: Row) => distanceKm(BHOPAL.lat, BHOPAL.lon, r.lat, r.lon) <= RADIUS_KM;
  const shapes: [string, Record<string, unknown>, (r: Row) => boolean][] = [
    ['near a point', { ...BHOPAL, radiusKm: RADIUS_KM }, near],
    [
      'near a point, a category',
      { ...BHOPAL, radiusKm: RADIUS_KM, category: 'Tailor' },
      (r) => near(r) && r.category === 'Tailor',
    ],
    ['anywhere', {}, () => true],
    ['a #tag near a point', { ...BHOPAL, radiusKm: RADIUS_KM, q: '#chai' }, (r) => near(r) && r.hashtags.includes('chai')],
    ['a word anywhere, a category', { q: 'post', category: 'Grocery' }, (r) => r.category === 'Grocery'],
  ];

  it.each(CLOCK)(
    'on day %i at %s lists exactly the posts of the open shops (%s), every page, every shape',
    async (day, time, open) => {
      const repo = createFeedRepository({ db: app.dbHandle.db, searchShapesCap: 0 });
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(at(day, time));
      for (const [name, query, keep] of shapes) {
        const expected = newestContent(rows, (r) => open[r.shop] === 'o' && keep(r));
        expect(await everyPageContent(repo, { ...query, limit: 6, openNow: 'true' }), name).toEqual(expected);
      }
    },
  );

  it("reads the hours from the post's own row: no statement of an open-now page reads the businesses' tables", async () => {
    const logged: string[] = [];
    const logger = { logQuery: (query: string) => logged.push(query) };
    const handle = app.dbHandle;
    const db = (handle.driver.kind === 'pglite'
      ? drizzlePglite(handle.driver.client, { logger })
      : drizzlePg(handle.driver.pool, { logger })) as unknown as Db;
    const repo = createFeedRepository({ db, searchShapesCap: 0 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at(1, '10:00'));
    for (const [, query] of shapes) await repo.feed(FeedQuerySchema.parse({ ...query, limit: 4, openNow: 'true' }));
    vi.useRealTimers();
    const pages = logged.filter((q) => q.includes('open_week'));
    expect(pages.length).toBeGreaterThanOrEqual(shapes.length);
    for (const q of pages) expect(q).not.toMatch(/business_week_hours|business_closures/);
  });

  it("keeps every post's copy of its business's hours equal to the hours, through saves, closures and a move", async () => {
    const db = app.dbHandle.db;
    const drift = async () =>
      (
        await db.execute<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM posts p
          WHERE p.open_week IS DISTINCT FROM business_open_week(p.user_id)
             OR p.closed_spans IS DISTINCT FROM business_closed_spans(p.user_id)`)
      ).rows[0]?.n;
    expect(await drift()).toBe(0);
    const [first, second] = (await db.execute<{ user_id: string }>(sql`SELECT DISTINCT user_id FROM posts ORDER BY 1 LIMIT 2`))
      .rows;
    await app.accountsRepository.updateProfile(first!.user_id, { closure: 'today' }, at(0, '09:00'));
    await app.accountsRepository.updateProfile(second!.user_id, { hours: null });
    expect(await drift()).toBe(0);
    // A post given to another business takes that business's hours.
    await db.execute(sql`UPDATE posts SET user_id = ${second!.user_id}::uuid WHERE id = (
      SELECT id FROM posts WHERE user_id = ${first!.user_id}::uuid LIMIT 1)`);
    expect(await drift()).toBe(0);
  });
});
