import { FeedQuerySchema } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postTags, posts } from '#src/db/schema';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { DAY_MS } from '#src/plugins/app/posts/search/statistics';
import { rareTagRange } from '#src/plugins/app/posts/search/strategies';
import { everyPageContent, explainedFeed } from '#test/feed-repository-kit';
import { buildTestApp, createBusiness, type TestApp } from '#test/helper';

const LUCKNOW = { lat: 26.8467, lon: 80.9462 };
const DELHI = { lat: 28.6139, lon: 77.209 };
const daysAgo = (d: number) => new Date(Date.now() - d * DAY_MS);

/** The tag each post `i` of Lucknow carries (besides 'lane'). */
function tagOf(i: number): string | null {
  if (i % 10 === 0) return 'birthdaycake';
  if (i % 15 === 0) return 'birthday';
  if (i % 7 === 0) return 'rebirth';
  if (i % 9 === 0) return 'जन्मदिन';
  return null;
}

/**
 * A `#term` few posts carry is answered from post_tags (ADR 035): the range of its tags in
 * post_tags_tag_created_idx, filtered by place, category and cursor on the index's columns, then its
 * newest posts looked up until a page meets every filter. Its pages are those of posts_search_idx's
 * step and the walks, which answer a tag on more posts than the cap.
 */
describe('GET /api/feed?q=#tag from post_tags (ADR 035)', () => {
  let app: TestApp;
  type Row = { content: string; hashtags: string[]; category: string; createdAt: Date; near: boolean; listed: boolean };
  const rows: Row[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Lucknow Sweets', ...LUCKNOW, city: 'Lucknow' });
    const values: (typeof posts.$inferInsert)[] = [];
    for (let i = 0; i < 300; i++) {
      const tag = tagOf(i);
      const row: Row = {
        content: `Order ${i}`,
        hashtags: tag ? ['lane', tag] : ['lane'],
        category: i % 3 === 0 ? 'Bakery' : 'Grocery',
        createdAt: daysAgo(0.01 + i / 10),
        near: i % 20 !== 10,
        // One post hidden by the admin, one expired: in post_tags, not in the feed.
        listed: i !== 20 && i !== 40,
      };
      rows.push(row);
      const at = row.near ? { lat: LUCKNOW.lat + (i % 5) * 0.01, lon: LUCKNOW.lon } : DELHI;
      values.push({
        userId: shop.id,
        content: row.content,
        hashtags: row.hashtags,
        category: row.category,
        createdAt: row.createdAt,
        ...at,
        city: row.near ? 'Lucknow' : 'Delhi',
        hiddenAt: i === 20 ? new Date() : null,
        expiresAt: i === 40 ? daysAgo(1) : null,
      });
    }
    await db.insert(posts).values(values);
    await db.execute(sql`ANALYZE posts`);
  });
  afterAll(() => app.close());

  const near = { ...LUCKNOW, radiusKm: 25 };
  /** The tag step wherever a rare tag is searched, this test's small circle too. */
  /** The contents of the listed posts `keep` keeps, newest first. */
  const expected = (keep: (r: Row) => boolean) =>
    rows
      .filter((r) => r.listed && keep(r))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map((r) => r.content);
  const hasTag = (prefix: string) => (r: Row) => r.hashtags.some((t) => t.startsWith(prefix));

  it('answers a tag the walk would not find soon from post_tags alone, every page by cursor', async () => {
    // A Devanagari tag: the statistics cannot tell how many posts hold it, so no walk first.
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    const page = await repo.feed(FeedQuerySchema.parse({ ...near, q: '#जन्म', limit: 10 }));
    const [tag, ...others] = await readPosts(['t0', 'pw', 'g0', 'w0']);
    expect(tag).toBe(true);
    // The index's step and the last walk are in the statement, and run only past the cap.
    expect(others).not.toContain(true);
    expect(others).toContain(false);
    const janm = expected((r) => r.near && hasTag('जन्म')(r));
    expect(page.posts.map((p) => p.content)).toEqual(janm.slice(0, 10));
    for (const limit of [3, 10, 50]) {
      expect(await everyPageContent(repo, { ...near, q: '#जन्म', limit }), `limit ${limit}`).toEqual(janm);
    }
    // By offset too: the step answers the offset's posts and the page's.
    const offsetPage = await repo.feed(FeedQuerySchema.parse({ ...near, q: '#जन्म', limit: 4, offset: 6 }));
    expect(offsetPage.posts.map((p) => p.content)).toEqual(janm.slice(6, 10));
    expect(await readPosts(['t0'])).toEqual([true]);
    // A tag on one post in ten is walked first: its page is among the newest rows.
    const birthdaycake = expected((r) => r.near && r.hashtags.includes('birthdaycake'));
    for (const limit of [3, 10, 50]) {
      expect(await everyPageContent(repo, { ...near, q: '#birthdaycake', limit }), `limit ${limit}`).toEqual(birthdaycake);
    }
  });

  it('matches tags by prefix in any script, with the category and no place; with another term, through the index', async () => {
    const tagged = createFeedRepository(app.dbHandle);
    // Without the tag step: through posts_search_idx or the walk; the same pages.
    const indexed = createFeedRepository({ ...app.dbHandle, tagCap: 0 });
    const pages = async (query: Record<string, unknown>) => {
      const fromTags = await everyPageContent(tagged, { limit: 7, ...query });
      expect(await everyPageContent(indexed, { limit: 7, ...query })).toEqual(fromTags);
      return fromTags;
    };
    expect(await pages({ ...near, q: '#birth' })).toEqual(expected((r) => r.near && hasTag('birth')(r)));
    expect(await pages({ ...near, q: '#जन्म' })).toEqual(expected((r) => r.near && hasTag('जन्म')(r)));
    expect(await pages({ ...near, q: '#birthdaycakes' })).toEqual([]);
    expect(await pages({ ...near, q: '#nosuchtag' })).toEqual([]);
    expect(await pages({ ...near, q: '#birth', category: 'bakery' })).toEqual(
      expected((r) => r.near && hasTag('birth')(r) && r.category === 'Bakery'),
    );
    expect(await pages({ ...near, q: '#birth 7' })).toEqual(
      expected((r) => r.near && hasTag('birth')(r) && r.content.includes('7')),
    );
    expect(await pages({ q: '#birthdaycake' })).toEqual(expected((r) => r.hashtags.includes('birthdaycake')));
    expect(await pages({ q: '#birthdaycake', category: 'Grocery' })).toEqual(
      expected((r) => r.hashtags.includes('birthdaycake') && r.category === 'Grocery'),
    );
  });

  it('leaves a tag on more posts than its cap to posts_search_idx, with the same pages', async () => {
    // The statistics cannot tell how many posts a Devanagari tag is on: the tag step reads past its cap, then the index answers.
    const { repo, readPosts } = explainedFeed(app.dbHandle, { tagCap: 5 });
    await repo.feed(FeedQuerySchema.parse({ ...near, q: '#जन्म', limit: 10 }));
    const [tag, ...others] = await readPosts(['t0', 'pw', 'g0', 'w0']);
    expect(tag).toBe(false);
    expect(others).toContain(true);
    for (const q of ['#जन्म', '#birth', '#birthdaycake']) {
      expect(await everyPageContent(repo, { ...near, q, limit: 4 }), q).toEqual(expected((r) => r.near && hasTag(q.slice(1))(r)));
    }
  });

  it('is tried for one #term, near a point or not; with another term, not', async () => {
    const { repo, readPosts } = explainedFeed(app.dbHandle);
    await repo.feed(FeedQuerySchema.parse({ ...near, q: '#जन्म', limit: 10 }));
    expect(await readPosts(['t0'])).toEqual([true]);
    await repo.feed(FeedQuerySchema.parse({ q: '#जन्म', limit: 10 }));
    expect(await readPosts(['t0'])).toEqual([true]);
    // With another term: through posts_search_idx, which intersects the terms' lists.
    await repo.feed(FeedQuerySchema.parse({ q: '#जन्म 7', limit: 10 }));
    expect(await readPosts(['t0'])).toEqual([null]);
  });

  it('reads the range of tags starting with the rarest term of three characters or more', () => {
    expect(rareTagRange('#birth', null, 5000)).toEqual({ tagFrom: 'birth', tagTo: 'birti' });
    expect(rareTagRange('#Cake', null, 5000)).toEqual({ tagFrom: 'cake', tagTo: 'cakf' });
    expect(rareTagRange('#जन्म', null, 5000)).toEqual({ tagFrom: 'जन्म', tagTo: 'जन्\u092f' });
    // A prefix this short is most likely a common one; text terms are not tags; with another term,
    // each post of the range would be checked for it.
    expect(rareTagRange('#ca', null, 5000)).toBeNull();
    expect(rareTagRange('fresh', null, 5000)).toBeNull();
    expect(rareTagRange('fresh #cake', null, 5000)).toBeNull();
    expect(rareTagRange('#cake #offer', null, 5000)).toBeNull();
    // The last character advanced past the surrogates, and none after the last code point.
    expect(rareTagRange('#ab\u{10ffff}', null, 5000)).toBeNull();
    expect(rareTagRange('#ab\ud7ff', null, 5000)).toEqual({ tagFrom: 'ab\ud7ff', tagTo: 'ab\ue000' });
  });

  it('follows its post: tags, place and category changed, the post deleted', async () => {
    const db = app.dbHandle.db;
    const repo = createFeedRepository(app.dbHandle);
    const shop = await createBusiness(db, { businessName: 'Moving Shop', ...LUCKNOW });
    const [post] = await db
      .insert(posts)
      .values({ userId: shop.id, content: 'Moving post', hashtags: ['zzmovetag'], category: 'Bakery', ...LUCKNOW })
      .returning();
    const found = async (query: Record<string, unknown>) =>
      (await repo.feed(FeedQuerySchema.parse({ limit: 10, ...query }))).posts.map((p) => p.content);
    expect(await found({ ...near, q: '#zzmove' })).toEqual(['Moving post']);
    await db
      .update(posts)
      .set({ hashtags: ['zznewtag'] })
      .where(eq(posts.id, post!.id));
    expect(await found({ ...near, q: '#zzmove' })).toEqual([]);
    expect(await found({ ...near, q: '#zznew' })).toEqual(['Moving post']);
    await db.update(posts).set(DELHI).where(eq(posts.id, post!.id));
    expect(await found({ ...near, q: '#zznew' })).toEqual([]);
    expect(await found({ ...DELHI, radiusKm: 5, q: '#zznew' })).toEqual(['Moving post']);
    await db.update(posts).set({ category: 'Grocery' }).where(eq(posts.id, post!.id));
    expect(await found({ q: '#zznew', category: 'Bakery' })).toEqual([]);
    expect(await found({ q: '#zznew', category: 'grocery' })).toEqual(['Moving post']);
    await db.delete(posts).where(eq(posts.id, post!.id));
    expect(await db.select().from(postTags).where(eq(postTags.postId, post!.id))).toEqual([]);
    expect(await found({ q: '#zznew' })).toEqual([]);
  });
});
