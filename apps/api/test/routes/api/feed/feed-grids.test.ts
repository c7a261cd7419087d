import { type Post, NEXT_CURSOR_HEADER, distanceKm } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointAt } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

// Bhopal, and a point on a corner of the 1° grid (four coarse, 0.25° and 1/16° cells meet there).
const CENTRES = [
  { lat: 23.2599, lon: 77.4126 },
  { lat: 23, lon: 77 },
];
const DISTANCES_KM = [0.3, 1.5, 2.5, 4, 6, 6.9, 7.2, 12, 20, 26, 29, 45, 80, 110, 130, 190, 199.5, 230];
const BEARINGS = [0, 45, 100, 170, 220, 300, 355];
const RADII_KM = [2, 5, 7, 10, 25, 28, 60, 100, 200];

describe('GET /api/feed near a point, on each grid (ADR 024)', () => {
  let app: TestApp;
  const placed: { id: string; lat: number; lon: number; tags: string[]; category: string; minutesAgo: number }[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Grid Test Store', ...CENTRES[0], city: 'Bhopal' });
    let n = 0;
    for (const centre of CENTRES) {
      for (const km of DISTANCES_KM) {
        for (const bearing of BEARINGS) {
          n += 1;
          const at = pointAt(centre, km, bearing);
          const tags = n % 3 === 0 ? ['grid', 'pickle'] : ['grid'];
          // Every fifth post is 40 days old: past the feed's 1- and 16-day windows and a search's first ones.
          const minutesAgo = n % 5 === 0 ? 40 * 24 * 60 + n : n * 7;
          const category = n % 2 === 0 ? 'Tailor' : 'Grocery';
          const post = await createPost(db, shop, {
            content: `Grid post ${n}`,
            hashtags: tags,
            category,
            ...at,
            createdAt: new Date(Date.now() - minutesAgo * 60_000),
          });
          placed.push({ id: post.id, ...at, tags, category, minutesAgo });
        }
      }
    }
  });
  afterAll(() => app.close());

  /** Every page of a feed query, by cursor. */
  async function everyPage(query: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 20; page++) {
      const res = await app.inject({ method: 'GET', url: `/api/feed?limit=50${query}${cursor ? `&cursor=${cursor}` : ''}` });
      expect(res.statusCode).toBe(200);
      const posts = res.json() as Post[];
      ids.push(...posts.map((p) => p.id));
      cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) break;
    }
    return ids;
  }

  /** The posts with `tag` within the radius, newest first (no two posts were made the same minute). */
  const within = (centre: { lat: number; lon: number }, radiusKm: number, tag: string, category?: string) =>
    placed
      .filter((p) => p.tags.includes(tag) && distanceKm(centre.lat, centre.lon, p.lat, p.lon) <= radiusKm)
      .filter((p) => !category || p.category === category)
      .sort((a, b) => a.minutesAgo - b.minutesAgo)
      .map((p) => p.id);

  it('lists exactly the posts within the radius, newest first, for radii on all three grids', async () => {
    for (const centre of CENTRES) {
      for (const radiusKm of RADII_KM) {
        const ids = await everyPage(`&lat=${centre.lat}&lon=${centre.lon}&radiusKm=${radiusKm}`);
        expect(ids, `${centre.lat},${centre.lon} ${radiusKm} km`).toEqual(within(centre, radiusKm, 'grid'));
      }
    }
  });

  it('finds the same posts by search, common and rare tags alike, on every grid', async () => {
    for (const centre of CENTRES) {
      for (const radiusKm of [5, 25, 100, 200]) {
        for (const tag of ['grid', 'pickle']) {
          const ids = await everyPage(`&lat=${centre.lat}&lon=${centre.lon}&radiusKm=${radiusKm}&q=%23${tag}`);
          expect(ids, `#${tag} ${centre.lat},${centre.lon} ${radiusKm} km`).toEqual(within(centre, radiusKm, tag));
        }
      }
    }
  });

  it('finds the same posts by search with a category, whose keys name the grid (ADR 031), on every grid', async () => {
    for (const centre of CENTRES) {
      for (const radiusKm of [5, 25, 100, 200]) {
        for (const tag of ['grid', 'pickle']) {
          const ids = await everyPage(`&lat=${centre.lat}&lon=${centre.lon}&radiusKm=${radiusKm}&q=%23${tag}&category=tailor`);
          expect(ids, `#${tag} Tailor ${centre.lat},${centre.lon} ${radiusKm} km`).toEqual(
            within(centre, radiusKm, tag, 'Tailor'),
          );
        }
      }
    }
  });

  it('pages by offset as by cursor on the 1/16° grid and the 1° grid', async () => {
    for (const radiusKm of [5, 150]) {
      const at = `&lat=${CENTRES[1]!.lat}&lon=${CENTRES[1]!.lon}&radiusKm=${radiusKm}`;
      const first = await app.inject({ method: 'GET', url: `/api/feed?limit=4${at}` });
      const byOffset = await app.inject({ method: 'GET', url: `/api/feed?limit=4&offset=4${at}` });
      const byCursor = await app.inject({
        method: 'GET',
        url: `/api/feed?limit=4${at}&cursor=${first.headers[NEXT_CURSOR_HEADER] as string}`,
      });
      const ids = (res: typeof first) => (res.json() as Post[]).map((p) => p.id);
      expect(ids(byOffset)).toHaveLength(4);
      expect(ids(byOffset)).toEqual(ids(byCursor));
    }
  });
});
