import { FeedQuerySchema, distanceKm } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { COARSE_GRID, QUARTER_GRID, cellOf, chooseCover } from '#src/plugins/app/posts/feed-cells';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { readSearchShares } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, newestContent, pointAt } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const MUMBAI = { lat: 19.076, lon: 72.8777 };
const NASHIK = { lat: 19.9975, lon: 73.7898 };
const RADIUS_KM = 100;
const NOW = Date.now();
/** `d` days before the test began: the sets' times never meet, so newest first is one order (no ties for the ids to break). */
const daysAgo = (d: number) => new Date(NOW - d * 86_400_000);

/**
 * A town 140 km from a city that shares its 1° cells (ADR 036): the town's 100 km feed is walked by
 * the 1° cells of its fields and by the 0.25° cells of the city's 1° cell near its edge; a search there,
 * on the one grid where a page costs least. Its pages must be every post within the radius, newest
 * first, whichever part of the cover a post lies in.
 */
describe('GET /api/feed near a town, on a cover of two grids', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; lat: number; lon: number };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Godavari Stores', name: 'Asha Patil', ...NASHIK, city: 'Nashik' });
    // The city: most posts, the newest, within a few km of its centre.
    for (let i = 0; i < 2000; i++) {
      rows.push({
        content: `City stall ${i}`,
        hashtags: i % 3 === 0 ? ['mandi', 'kisan'] : ['kisan'],
        category: i % 4 === 0 ? 'Tailor' : 'Grocery',
        createdAt: daysAgo(0.0011 + i * 0.0005),
        lat: MUMBAI.lat + ((i % 9) - 4) * 0.01,
        lon: MUMBAI.lon + ((i % 7) - 3) * 0.01,
      });
    }
    // The town: more posts in a search's first days than its index step reads (SEARCH_CANDIDATE_CAP).
    for (let i = 0; i < 450; i++) {
      rows.push({
        content: `Town stall ${i}`,
        hashtags: ['kisan'],
        category: 'Grocery',
        createdAt: daysAgo(0.00203 + i * 0.003),
        lat: NASHIK.lat + ((i % 9) - 4) * 0.01,
        lon: NASHIK.lon + ((i % 7) - 3) * 0.01,
      });
    }
    // In the city's 1° cell near the circle's edge (its 0.25° cells), among the newest.
    const edge = [19.3, 19.45, 19.6, 19.75, 19.9].flatMap((lat) => [72.9, 72.97, 72.99].map((lon) => ({ lat, lon })));
    for (const [k, at] of edge.entries()) {
      rows.push({
        content: `Edge stall ${k}`,
        hashtags: k % 3 === 0 ? ['mandi', 'kisan'] : ['kisan'],
        category: k % 2 === 0 ? 'Tailor' : 'Grocery',
        createdAt: daysAgo(0.00257 + k * 0.002),
        ...at,
      });
    }
    // Around the town, within the radius and beyond it, over months.
    let n = 0;
    const around = [5, 20, 40, 60, 80, 95, 99, 101, 110, 130].flatMap((km) =>
      Array.from({ length: 18 }, (_, i) => pointAt(NASHIK, km, i * 20 + km)),
    );
    for (const at of [...around, ...edge]) {
      n += 1;
      rows.push({
        content: n % 5 === 0 ? `Fresh mango ${n}` : `Field stall ${n}`,
        hashtags: n % 3 === 0 ? ['mandi', 'kisan'] : ['kisan'],
        category: n % 4 === 0 ? 'Tailor' : 'Grocery',
        createdAt: daysAgo(0.5013 + n * 0.3),
        ...at,
      });
    }
    await db
      .insert(posts)
      .values(
        [...rows]
          .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
          .map((r) => ({ ...r, userId: shop.id, city: 'Nashik', state: 'Maharashtra' })),
      );
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const within = (r: Row) => distanceKm(NASHIK.lat, NASHIK.lon, r.lat, r.lon) <= RADIUS_KM;
  const near = { ...NASHIK, radiusKm: RADIUS_KM };

  it("walks the town's circle by 1° cells and the city's 0.25° cells near it", async () => {
    const shares = await readSearchShares(app.dbHandle.db);
    const cellShare = (cell: number) => shares!.cell.listed.get(String(cell)) ?? shares!.cell.unlisted;
    const { parts } = chooseCover(NASHIK.lat, NASHIK.lon, RADIUS_KM, cellShare);
    expect(parts.map((p) => p.grid)).toEqual([COARSE_GRID, QUARTER_GRID]);
    expect(chooseCover(NASHIK.lat, NASHIK.lon, RADIUS_KM, cellShare, false).parts).toHaveLength(1);
    expect(parts[0]!.cells).not.toContain(cellOf(MUMBAI.lat, MUMBAI.lon, COARSE_GRID));
    expect(parts[1]!.cells).not.toContain(cellOf(MUMBAI.lat, MUMBAI.lon, QUARTER_GRID));
    // Posts of both parts are within the radius.
    const inPart = (grid: typeof COARSE_GRID, cells: number[]) =>
      rows.some((r) => within(r) && cells.includes(cellOf(r.lat, r.lon, grid)));
    for (const part of parts) expect(inPart(part.grid, part.cells)).toBe(true);
  });

  it('answers every page exactly: the feed, a search, a category', async () => {
    // A repository of its own reads the statistics ANALYZE just made.
    const repo = createFeedRepository(app.dbHandle);
    const tagged = (tag: string) => (r: Row) => r.hashtags.includes(tag);
    for (const limit of [10, 25]) {
      const pages = (query: Record<string, string | number>) => everyPageContent(repo, { ...query, ...near, limit });
      expect(await pages({})).toEqual(newestContent(rows, within));
      expect(await pages({ category: 'Tailor' })).toEqual(newestContent(rows, (r) => within(r) && r.category === 'Tailor'));
      expect(await pages({ q: '#kisan' })).toEqual(newestContent(rows, (r) => within(r) && tagged('kisan')(r)));
      expect(await pages({ q: '#mandi' })).toEqual(newestContent(rows, (r) => within(r) && tagged('mandi')(r)));
      expect(await pages({ q: '#mandi', category: 'Tailor' })).toEqual(
        newestContent(rows, (r) => within(r) && tagged('mandi')(r) && r.category === 'Tailor'),
      );
      expect(await pages({ q: 'fresh mango' })).toEqual(
        newestContent(rows, (r) => within(r) && r.content.startsWith('Fresh mango')),
      );
    }
    // By offset as by cursor.
    const offset = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 10, offset: 20 }));
    expect(offset.posts.map((p) => p.content)).toEqual(newestContent(rows, within).slice(20, 30));
    const searched = await repo.feed(FeedQuerySchema.parse({ ...near, q: '#mandi', limit: 5, offset: 5 }));
    expect(searched.posts.map((p) => p.content)).toEqual(
      newestContent(rows, (r) => within(r) && tagged('mandi')(r)).slice(5, 10),
    );
    // Not probed on an offset page: the first days' index step finds the cap, and their posts are walked by cell.
    const walked = await repo.feed(FeedQuerySchema.parse({ ...near, q: 'stall', limit: 10, offset: 5 }));
    expect(walked.posts.map((p) => p.content)).toEqual(
      newestContent(rows, (r) => within(r) && r.content.includes('stall')).slice(5, 15),
    );
  });
});
