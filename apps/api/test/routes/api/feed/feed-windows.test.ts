import { FeedQuerySchema, distanceKm } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { chooseCover } from '#src/plugins/app/posts/feed-cells';
import { encodeCursor } from '#src/plugins/app/posts/feed-cursor';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { firstWindow } from '#src/plugins/app/posts/feed/walk';
import { DAY_MS, circlePerDay, postsPerDay, readSearchShares } from '#src/plugins/app/posts/search/statistics';
import { everyPageContent, explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const BHOPAL = { lat: 23.2599, lon: 77.4126 };
const RADIUS_KM = 25;
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/**
 * A located feed without a search skips the time windows that the posting rate says cannot fill its
 * page (ADR 029): the rate comes from ANALYZE, so posts made since are unknown to it, and a window
 * skipped must change only what is read, never what is found.
 */
describe('GET /api/feed near a point, where posts are few a day (ADR 029)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; lat: number; lon: number };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Quiet Lane Store', ...BHOPAL, city: 'Bhopal' });
    // A post every two days for 600 days, a few km around the centre; every third is Tailor's.
    for (let i = 0; i < 300; i++) {
      rows.push({
        content: `Quiet ${i}`,
        // Statistics of the search's terms are made only where posts have hashtags.
        hashtags: i % 2 === 0 ? ['quiet'] : ['lane'],
        category: i % 3 === 0 ? 'Tailor' : 'Grocery',
        createdAt: daysAgo(3 + i * 2),
        lat: BHOPAL.lat + ((i % 7) - 3) * 0.02,
        lon: BHOPAL.lon + ((i % 5) - 2) * 0.02,
      });
    }
    const insert = (batch: Row[]) =>
      db.insert(posts).values(batch.map((r) => ({ ...r, userId: shop.id, city: 'Bhopal', state: 'Madhya Pradesh' })));
    await insert(rows);
    await db.execute(sql`ANALYZE posts`);
    // Made after ANALYZE, so the statistics do not know them: twelve in the last twelve hours, which the
    // 1-day window alone would have answered a page of 10 from.
    const burst = Array.from({ length: 12 }, (_, i) => ({
      content: `Burst ${i}`,
      hashtags: ['burst'],
      category: i % 2 === 0 ? 'Tailor' : 'Grocery',
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

  /** The window a page near Bhopal starts from, as the repository decides it. */
  async function windowFor(take: number, category?: string) {
    const shares = await readSearchShares(app.dbHandle.db);
    const cellShare = (cell: number) => shares!.cell.listed.get(String(cell)) ?? shares!.cell.unlisted;
    const chosen = chooseCover(BHOPAL.lat, BHOPAL.lon, RADIUS_KM, cellShare);
    return firstWindow(circlePerDay(shares, chosen, category), take);
  }

  it('reads the posting rate from the statistics and starts from the first window it can fill', async () => {
    const shares = await readSearchShares(app.dbHandle.db);
    // Half a post a day, from the newest tenth of the histogram.
    expect(shares!.perDay).toBeGreaterThan(0.3);
    expect(shares!.perDay).toBeLessThan(0.8);
    // 0.5 a day: 8 in 16 days, enough for a page of 5, not for 10.
    expect(await windowFor(5)).toBe(1);
    expect(await windowFor(10)).toBe(2);
    expect(await windowFor(1)).toBe(1);
    // A third of them Tailor's: 2.7 in 16 days.
    expect(await windowFor(3, 'tailor')).toBe(2);

    expect(firstWindow(null, 10)).toBe(0);
    expect(firstWindow(10, 10)).toBe(0);
    expect(firstWindow(1, 10)).toBe(1);
    expect(firstWindow(0.5, 10)).toBe(2);
    expect(circlePerDay(null, { inside: 1, held: 0.1 })).toBeNull();
    expect(circlePerDay(shares, { inside: null, held: 0.1 })).toBeNull();
    // A tenth of the posts, each bucket a hundredth, in the last 5 days: 2 posts a day of 100.
    const bounds = Array.from({ length: 101 }, (_, i) => (i < 90 ? i * DAY_MS : 90 * DAY_MS + (i - 90) * DAY_MS * 0.5));
    expect(postsPerDay(bounds, 100)).toBeCloseTo(2);
    expect(postsPerDay([0], 100)).toBeNull();
    expect(postsPerDay([0, 0], 100)).toBeNull();
  });

  it('answers every page exactly, with the posts the statistics do not know first', async () => {
    // A repository of its own reads the statistics ANALYZE just made.
    const repo = createFeedRepository(app.dbHandle);
    const pages = (query: Record<string, string | number>, limit: number) => everyPageContent(repo, { ...query, limit });
    for (const limit of [5, 10, 50]) {
      expect(await pages(near, limit), `limit ${limit}`).toEqual(newestFirst(() => true));
      expect(await pages({ ...near, category: 'tailor' }, limit), `Tailor, limit ${limit}`).toEqual(
        newestFirst((r) => r.category === 'Tailor'),
      );
    }
  });

  it('leaves the windows it skips out of its statements, and stops at the first that fills the page', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    /** For each window's CTE, whether it read posts (null: in no statement run), for the first page of `limit`. */
    const walked = async (limit: number, cursor?: string) => {
      await repo.feed(FeedQuerySchema.parse({ ...near, limit, cursor }));
      return readPosts(['w0', 'w1', 'w2']);
    };
    // 5: the 16-day window holds the burst, and answers; every post's statement does not run (ADR 034).
    expect(await walked(5)).toEqual([null, true, null]);
    // 50: straight to every post.
    expect(await walked(50)).toEqual([null, null, true]);

    // After `Quiet 295`, the 16 days hold its last four posts: that statement comes short, and every
    // post's answers the page.
    const [after] = (
      await app.dbHandle.db.execute<{ id: string; us: string }>(
        sql`SELECT id, (extract(epoch FROM created_at) * 1000000)::bigint::text AS us FROM posts WHERE content = 'Quiet 295'`,
      )
    ).rows;
    const cursor = encodeCursor({ createdUs: after!.us, id: after!.id });
    expect(await walked(5, cursor)).toEqual([null, true, true]);
    const page = await repo.feed(FeedQuerySchema.parse({ ...near, limit: 5, cursor }));
    expect(page.posts.map((p) => p.content)).toEqual(['Quiet 296', 'Quiet 297', 'Quiet 298', 'Quiet 299']);
  });
});
