import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts } from '#src/db/schema';
import { encodeCursor } from '#src/plugins/app/posts/feed-cursor';
import { DAY_MS } from '#src/plugins/app/posts/post-filters';
import { explainedFeed, newestContent } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const LUCKNOW = { lat: 26.8467, lon: 80.9462 };
const HOUR_MS = DAY_MS / 24;

/**
 * A search's sized window (ADR 018) is sized from the matches its first window found, over the time
 * that window has held posts: from the start of the day before the anchor's to the anchor (ADR 040).
 * With no statistics (a new install, and here: ANALYZE never runs) every window is tried, in one
 * statement, so what each window's index step found can be read off its plan.
 */
describe('GET /api/feed?q=, a sized window measured from the anchor', () => {
  let app: TestApp;
  type Row = { content: string; createdAt: Date };
  const rows: Row[] = [];
  // The anchor: a match at 01:00 UTC ten days ago, whose cursor the next page starts from.
  const anchorDay = Math.floor(Date.now() / DAY_MS) - 10;
  const anchorAt = new Date(anchorDay * DAY_MS + HOUR_MS);
  let anchorId = '';

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    await db.execute(sql`ALTER TABLE posts SET (autovacuum_enabled = false)`);
    const shop = await createBusiness(db, { businessName: 'Chowk Zardozi House', ...LUCKNOW, city: 'Lucknow' });
    // Four matches a day, at 03:00, 09:00, 15:00 and 21:00 UTC, for 160 days before the anchor's day
    // and up to today; none on the anchor's day before the anchor.
    for (let day = anchorDay - 160; day < anchorDay + 10; day++) {
      for (const hour of [3, 9, 15, 21]) {
        const createdAt = new Date(day * DAY_MS + hour * HOUR_MS);
        if (createdAt.getTime() < Date.now()) rows.push({ content: `Zardozi dupatta ${day}-${hour}`, createdAt });
      }
    }
    const values = (list: Row[]) =>
      list.map((r) => ({
        ...r,
        userId: shop.id,
        category: 'Clothing',
        hashtags: [],
        ...LUCKNOW,
        city: 'Lucknow',
        state: 'Uttar Pradesh',
      }));
    await db.insert(posts).values(values(rows));
    const [anchor] = await db
      .insert(posts)
      .values(values([{ content: 'Zardozi dupatta at the anchor', createdAt: anchorAt }]))
      .returning({ id: posts.id });
    anchorId = anchor!.id;
  });
  afterAll(() => app.close());

  it('reaches back as far as the first window’s matches per day it held say a page needs, not further', async () => {
    const { repo, cteRows } = explainedFeed(app.dbHandle);
    const cursor = encodeCursor({ createdUs: String(anchorAt.getTime() * 1000), id: anchorId });
    const page = await repo.feed(FeedQuerySchema.parse({ ...LUCKNOW, radiusKm: 5, q: 'zardozi', limit: 50, cursor }));
    expect(page.posts.map((p) => p.content)).toEqual(newestContent(rows, (r) => r.createdAt < anchorAt).slice(0, 50));

    // The first window (the day before the anchor's, and the anchor's hour) found 4 matches in 25 hours:
    // a page of 50 with a margin of 3 needs 50 × 3 ÷ 4 × 25/24 = 39.1 days, so the sized window reaches
    // back 40 days from the anchor, to the start of that day's span of 16 days. Counting the first
    // window as two whole days would have reached back 75 days, and found over 290 matches.
    const firstDay = Math.floor((anchorDay + 1 / 24 - 40) / 16) * 16;
    const inWindow = rows.filter((r) => r.createdAt < anchorAt && r.createdAt.getTime() >= firstDay * DAY_MS).length;
    expect(inWindow).toBeGreaterThan(50);
    expect(await cteRows(['g0', 'g1'])).toEqual([4, inWindow]);
  });
});
