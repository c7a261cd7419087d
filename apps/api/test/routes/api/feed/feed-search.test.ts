import { FeedQuerySchema, type Post, SEARCH_MAX_TERM_LENGTH, SEARCH_MAX_TERMS } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedRepository } from '#src/plugins/app/posts/feed-repository';
import { posts, users } from '#src/db/schema';
import { buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const PUNE = { lat: 18.5204, lon: 73.8567 };
const LUCKNOW = { lat: 26.8467, lon: 80.9462 };
const MUMBAI = { lat: 19.076, lon: 72.8777 };
const NASHIK = { lat: 19.9975, lon: 73.7898 };
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/**
 * The search rules at small scale, near a point and India-wide: they pin the results so that the
 * search indexes can only change how fast an answer comes, never which posts it holds.
 */
describe('GET /api/feed?q= (search rules)', () => {
  let app: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const sweets = await createBusiness(db, {
      businessName: 'Gupta Mithai Bhandar',
      name: 'Rakesh Gupta',
      ...LUCKNOW,
      city: 'Lucknow',
      state: 'Uttar Pradesh',
    });
    const tailor = await createBusiness(db, { businessName: 'Raju Fashion', name: 'Raju Shaikh', ...MUMBAI, city: 'Mumbai' });
    const bakery = await createBusiness(db, {
      businessName: 'Desai Bakers',
      name: 'Anita Desai',
      ...PUNE,
      city: 'Pune',
      state: 'Maharashtra',
    });
    ids.mithai = (
      await createPost(db, sweets, {
        content: 'दिवाली की ताज़ा मिठाई, घर पहुँचाने की सुविधा',
        hashtags: ['दिवाली', 'mithai'],
        category: 'Sweets',
        createdAt: daysAgo(2),
      })
    ).id;
    ids.kapda = (
      await createPost(db, tailor, {
        content: 'Sasta aur accha kapda, blouse silai same day',
        hashtags: ['kapda'],
        category: 'Tailor',
        createdAt: daysAgo(0.1),
      })
    ).id;
    // Old enough that only the unbounded time window finds it near Pune.
    ids.cake = (
      await createPost(db, bakery, {
        content: 'Eggless cake for every birthday',
        hashtags: ['birthdaycake', 'offer'],
        category: 'Bakery',
        createdAt: daysAgo(40),
      })
    ).id;
    ids.offerWord = (
      await createPost(db, bakery, {
        content: 'Weekend OFFER on pav and khari',
        hashtags: ['pav'],
        category: 'Bakery',
        createdAt: daysAgo(1.5),
      })
    ).id;
    ids.underscore = (
      await createPost(db, tailor, {
        content: 'Kurta 100% cotton, size_xl in stock',
        hashtags: ['kurta'],
        category: 'Clothing',
        createdAt: daysAgo(3),
      })
    ).id;
    // Hundreds of newer posts near Pune that match nothing below: the searched posts sit far down
    // every cell's newest-first order, as in a real city.
    for (let i = 0; i < 60; i++) {
      await createPost(db, bakery, {
        content: `Fresh bread batch ${i}`,
        hashtags: ['bread'],
        category: 'Bakery',
        createdAt: daysAgo(i / 100),
      });
    }
  });
  afterAll(() => app.close());

  it('lists a term more posts carry than the index step reads newest first, exactly', async () => {
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Mumbai Daily Needs', name: 'Imran Khan', ...MUMBAI, city: 'Mumbai' });
    // Hours apart, none in the last hour: neither the first window nor the index step answers.
    const rows = Array.from({ length: 600 }, (_, i) => ({
      userId: shop.id,
      category: 'Grocery',
      content: `Common deal ${i}`,
      hashtags: ['commondeal'],
      city: 'Mumbai',
      state: 'Maharashtra',
      lat: MUMBAI.lat,
      lon: MUMBAI.lon,
      createdAt: daysAgo(0.1 + i * 0.05),
    }));
    await db.insert(posts).values(rows);
    const expected = (from: number, n: number) => rows.slice(from, from + n).map((r) => r.content);
    for (const where of ['', `&lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&radiusKm=25`]) {
      for (const q of ['#commondeal', 'common deal']) {
        const first = await app.inject({ method: 'GET', url: `/api/feed?limit=10&q=${encodeURIComponent(q)}${where}` });
        expect((first.json() as Post[]).map((p) => p.content)).toEqual(expected(0, 10));
        const cursor = first.headers['x-next-cursor'] as string;
        const next = await app.inject({
          method: 'GET',
          url: `/api/feed?limit=10&q=${encodeURIComponent(q)}${where}&cursor=${cursor}`,
        });
        expect((next.json() as Post[]).map((p) => p.content)).toEqual(expected(10, 10));
        // By offset through the first 200 posts; deeper, a clear 400 that names the cursor.
        const deep = await app.inject({ method: 'GET', url: `/api/feed?limit=10&offset=190&q=${encodeURIComponent(q)}${where}` });
        expect((deep.json() as Post[]).map((p) => p.content)).toEqual(expected(190, 10));
        const deeper = await app.inject({
          method: 'GET',
          url: `/api/feed?limit=10&offset=191&q=${encodeURIComponent(q)}${where}`,
        });
        expect(deeper.statusCode).toBe(400);
        expect(deeper.json<{ message: string }>().message).toMatch(/cursor/);
      }
    }
  });

  it('lists a term common in the last two days newest first, from the index step and past it', async () => {
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Thane Fresh Mart', name: 'Sunil Patil', ...MUMBAI, city: 'Mumbai' });
    // More matches in two days than the index step reads: the ordered walk answers, exactly.
    const rows = Array.from({ length: 450 }, (_, i) => ({
      userId: shop.id,
      category: 'Grocery',
      content: `Busy deal ${i}`,
      hashtags: ['busydeal'],
      lat: MUMBAI.lat,
      lon: MUMBAI.lon,
      createdAt: daysAgo(0.01 + i * 0.004),
    }));
    // A post stamped an hour ahead (a phone's clock) is still the newest.
    rows.unshift({ ...rows[0]!, content: 'Busy deal ahead', createdAt: daysAgo(-1 / 24) });
    // Written oldest first, as posts are: an index step that took any 400 matches for all would miss the newest.
    await db.insert(posts).values([...rows].reverse());
    const expected = (from: number, n: number) => rows.slice(from, from + n).map((r) => r.content);
    for (const where of ['', `&lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&radiusKm=25`]) {
      for (const q of ['#busydeal', 'busy deal']) {
        const first = await app.inject({ method: 'GET', url: `/api/feed?limit=10&q=${encodeURIComponent(q)}${where}` });
        expect((first.json() as Post[]).map((p) => p.content)).toEqual(expected(0, 10));
        const next = await app.inject({
          method: 'GET',
          url: `/api/feed?limit=10&q=${encodeURIComponent(q)}${where}&cursor=${first.headers['x-next-cursor'] as string}`,
        });
        expect((next.json() as Post[]).map((p) => p.content)).toEqual(expected(10, 10));
      }
    }
  });

  it('lists sparse matches exactly across windows sized from what the one before found', async () => {
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, {
      businessName: 'Bandra Silai Centre',
      name: 'Farida Ansari',
      ...MUMBAI,
      city: 'Mumbai',
    });
    // A few matches a day at first, then fewer and fewer, then one a year old: the first window finds
    // some, the sized ones more, and the last step (every day) the rest. Newer posts that do not match
    // sit above each of them.
    const ages = [0.5, 1.2, 2.6, 4, 6.5, 9, 13, 17, 22, 28, 35, 44, 60, 90, 150, 364];
    const rows = ages.map((age, i) => ({
      userId: shop.id,
      category: i % 2 === 0 ? 'Darzi' : 'Clothing',
      content: `Sparse stitch blouse ${i}`,
      hashtags: ['sparsestitch'],
      lat: MUMBAI.lat,
      lon: MUMBAI.lon,
      createdAt: daysAgo(age),
    }));
    const noise = Array.from({ length: 120 }, (_, i) => ({
      ...rows[0]!,
      content: `Plain blouse ${i}`,
      hashtags: ['blouse'],
      createdAt: daysAgo(i * 3),
    }));
    await db.insert(posts).values([...rows, ...noise].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()));
    const pages = async (query: string, limit: number) => {
      const seen: string[] = [];
      let cursor = '';
      for (let i = 0; i < 20; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/feed?limit=${limit}&${query}${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        seen.push(...(res.json() as Post[]).map((p) => p.content));
        cursor = res.headers['x-next-cursor'] as string;
        if (!cursor) return seen;
      }
      throw new Error('more pages than matches');
    };
    const all = rows.map((r) => r.content);
    const darzi = rows.filter((r) => r.category === 'Darzi').map((r) => r.content);
    for (const where of ['', `&lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&radiusKm=100`]) {
      for (const limit of [3, 10]) {
        expect(await pages(`q=${encodeURIComponent('#sparsestitch')}${where}`, limit)).toEqual(all);
        expect(await pages(`q=${encodeURIComponent('sparse stitch')}${where}`, limit)).toEqual(all);
        expect(await pages(`q=${encodeURIComponent('stitch blouse')}&category=darzi${where}`, limit)).toEqual(darzi);
      }
    }
  });

  it('finds a term that names many businesses, by their names on the posts', async () => {
    const db = app.dbHandle.db;
    const shops = await db
      .insert(users)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          username: `kirana-${i}@example.in`,
          name: `Owner ${i}`,
          businessName: `Sai Kirana ${i}`,
          businessPhone: `97${String(i).padStart(8, '0')}`,
          businessCategories: ['Grocery'],
          ...LUCKNOW,
        })),
      )
      .returning();
    const post = await createPost(db, shops[7]!, { content: 'Atta and dal at wholesale rates', category: 'Grocery', ...LUCKNOW });
    expect(await search('kirana')).toEqual(sorted(post.id));
    expect(await search('kirana wholesale', `&lat=${LUCKNOW.lat}&lon=${LUCKNOW.lon}&radiusKm=5`)).toEqual(sorted(post.id));
    expect(await search('kirana mithai')).toEqual([]);
  });

  const search = async (q: string, extra = '') => {
    const res = await app.inject({ method: 'GET', url: `/api/feed?limit=50&q=${encodeURIComponent(q)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Post[]).map((p) => p.id).sort();
  };
  const sorted = (...list: (string | undefined)[]) => list.map(String).sort();

  it('every term must match, in any of the searched fields', async () => {
    expect(await search('offer cake')).toEqual(sorted(ids.cake));
    expect(await search('offer')).toEqual(sorted(ids.cake, ids.offerWord));
    expect(await search('offer nothingmatches')).toEqual([]);
    expect(await search('gupta दिवाली')).toEqual(sorted(ids.mithai));
  });

  it('splits terms on commas and spaces alike', async () => {
    expect(await search('offer,cake')).toEqual(sorted(ids.cake));
    expect(await search(' offer ,  , cake, ')).toEqual(sorted(ids.cake));
    expect(await search('kapda,silai')).toEqual(sorted(ids.kapda));
  });

  it('matches content, hashtags, business and author name, category, city and state, case-insensitively', async () => {
    expect(await search('SASTA')).toEqual(sorted(ids.kapda));
    expect(await search('birthdaycake')).toEqual(sorted(ids.cake));
    expect(await search('mithai bhandar')).toEqual(sorted(ids.mithai));
    expect(await search('anita eggless')).toEqual(sorted(ids.cake));
    expect(await search('desai offer')).toEqual(sorted(ids.cake, ids.offerWord));
    expect(await search('tailor')).toEqual(sorted(ids.kapda));
    expect(await search('lucknow')).toEqual(sorted(ids.mithai));
    expect(await search('uttar pradesh')).toEqual(sorted(ids.mithai));
  });

  it('matches a #term in hashtags only, by prefix', async () => {
    expect(await search('#offer')).toEqual(sorted(ids.cake));
    expect(await search('#OFFER')).toEqual(sorted(ids.cake));
    expect(await search('#birthday')).toEqual(sorted(ids.cake));
    expect(await search('#cake')).toEqual([]);
    expect(await search('#sasta')).toEqual([]);
    expect(await search('#gupta')).toEqual([]);
    expect(await search('#kapda silai')).toEqual(sorted(ids.kapda));
  });

  it('matches Devanagari and Hinglish as typed', async () => {
    expect(await search('दिवाली')).toEqual(sorted(ids.mithai));
    expect(await search('#दिवाली')).toEqual(sorted(ids.mithai));
    expect(await search('मिठाई')).toEqual(sorted(ids.mithai));
    expect(await search('#मिठाई')).toEqual([]);
    expect(await search('ताज़ा')).toEqual(sorted(ids.mithai));
    expect(await search('accha kapda')).toEqual(sorted(ids.kapda));
  });

  it('treats %, _ and \\ in a term as themselves', async () => {
    expect(await search('100%')).toEqual(sorted(ids.underscore));
    expect(await search('size_xl')).toEqual(sorted(ids.underscore));
    expect(await search('%')).toEqual(sorted(ids.underscore));
    expect(await search('_')).toEqual(sorted(ids.underscore));
    expect(await search('\\')).toEqual([]);
  });

  it('finds rare and old matches near a point, with the category filter, and pages them', async () => {
    const near = `&lat=${PUNE.lat}&lon=${PUNE.lon}&radiusKm=25`;
    expect(await search('#offer', near)).toEqual(sorted(ids.cake));
    expect(await search('cake', `${near}&category=bakery`)).toEqual(sorted(ids.cake));
    expect(await search('cake', `${near}&category=Sweets`)).toEqual([]);
    expect(await search('offer', `&lat=${PUNE.lat}&lon=${PUNE.lon}&radiusKm=5`)).toEqual(sorted(ids.cake, ids.offerWord));
    expect(await search('दिवाली', near)).toEqual([]);
    expect(await search('दिवाली', `&lat=${LUCKNOW.lat}&lon=${LUCKNOW.lon}&radiusKm=5`)).toEqual(sorted(ids.mithai));
    const first = await app.inject({ method: 'GET', url: `/api/feed?limit=1&q=offer${near}` });
    expect((first.json() as Post[]).map((p) => p.id)).toEqual([ids.offerWord]);
    const cursor = first.headers['x-next-cursor'] as string;
    const second = await app.inject({ method: 'GET', url: `/api/feed?limit=1&q=offer${near}&cursor=${cursor}` });
    expect((second.json() as Post[]).map((p) => p.id)).toEqual([ids.cake]);
    const offset = await app.inject({ method: 'GET', url: `/api/feed?limit=1&offset=1&q=offer${near}` });
    expect((offset.json() as Post[]).map((p) => p.id)).toEqual([ids.cake]);
  });

  it('finds the same posts whichever step the statistics choose first', async () => {
    const db = app.dbHandle.db;
    const shop = await createBusiness(db, { businessName: 'Joshi Halwai', name: 'Meera Joshi', ...NASHIK, city: 'Nashik' });
    // A common word and tag over a year, a rarer word on one post in 25: the walk comes first for the
    // common ones, the index for the rarer; every page is the same either way.
    const rows = Array.from({ length: 600 }, (_, i) => ({
      userId: shop.id,
      category: i % 20 === 0 ? 'Sweets' : 'Bakery',
      content: i % 25 === 0 ? `Fresh jalebi batch ${i}` : `Fresh bread loaf ${i}`,
      hashtags: i % 25 === 0 ? ['jalebi', 'offer'] : ['offer'],
      city: 'Nashik',
      lat: NASHIK.lat,
      lon: NASHIK.lon,
      createdAt: daysAgo(0.2 + i * 0.6),
    }));
    await db.insert(posts).values([...rows].reverse());
    await db.execute(sql`ANALYZE posts`);
    // A repository of its own reads the statistics now (the app's may keep what it read before ANALYZE).
    const repo = createFeedRepository({ db });
    const pages = async (query: Record<string, string | number>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 40; i++) {
        const page = await repo.feed(FeedQuerySchema.parse({ ...query, limit: 10, ...(cursor ? { cursor } : {}) }));
        seen.push(...page.posts.map((p) => p.content));
        cursor = page.nextCursor;
        if (!cursor) return seen;
      }
      throw new Error('more pages than matches');
    };
    const expected = (keep: (i: number) => boolean) => rows.filter((_, i) => keep(i)).map((r) => r.content);
    for (const where of [{}, { ...NASHIK, radiusKm: 25 }]) {
      expect(await pages({ q: 'fresh jalebi', ...where })).toEqual(expected((i) => i % 25 === 0));
      expect(await pages({ q: 'loaf #offer jalebi', ...where })).toEqual([]);
      expect(await pages({ q: '#offer jalebi', category: 'sweets', ...where })).toEqual(expected((i) => i % 100 === 0));
      expect(await pages({ q: 'loaf #offer', category: 'Sweets', ...where })).toEqual(
        expected((i) => i % 20 === 0 && i % 25 !== 0),
      );
    }
  });

  it('answers each search of a prepared shape with its own values, as one planned for them', async () => {
    // The app's repository prepares one statement per search shape (ADR 025); one with no room for
    // shapes plans every search's statement anew. Same shapes with other values, one after another.
    const planned = createFeedRepository({ ...app.dbHandle, searchShapesCap: 0 });
    const near = { lat: PUNE.lat, lon: PUNE.lon, radiusKm: 25 };
    const searches: [Record<string, unknown>, string[]][] = [
      [{ q: 'sasta' }, sorted(ids.kapda)],
      [{ q: '#sasta' }, []],
      [{ q: 'cake', category: 'bakery' }, sorted(ids.cake)],
      [{ q: 'cake', category: 'Sweets' }, []],
      [{ q: 'eggless' }, sorted(ids.cake)],
      [{ q: 'lucknow' }, sorted(ids.mithai)],
      [{ q: '#kapda' }, sorted(ids.kapda)],
      [{ q: '#birthday' }, sorted(ids.cake)],
      [{ q: 'offer cake' }, sorted(ids.cake)],
      [{ q: 'gupta दिवाली' }, sorted(ids.mithai)],
      [{ q: 'offer', ...near }, sorted(ids.cake, ids.offerWord)],
      [{ q: 'kurta', ...near }, []],
    ];
    for (const [query, expected] of [...searches, ...[...searches].reverse()]) {
      const params = FeedQuerySchema.parse({ ...query, limit: 20 });
      const prepared = (await app.feedRepository.feed(params)).posts.map((p) => p.id);
      expect(prepared.sort(), JSON.stringify(query)).toEqual(expected);
      expect((await planned.feed(params)).posts.map((p) => p.id).sort()).toEqual(expected);
    }
  });

  it('caps what a search may cost: the number of terms and their length, with a clear 400', async () => {
    const ask = (q: string) => app.inject({ method: 'GET', url: `/api/feed?q=${encodeURIComponent(q)}` });
    const many = Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, i) => `t${i}`);
    const tooMany = await ask(many.join(','));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ message: `q may have at most ${SEARCH_MAX_TERMS} search terms` });
    expect((await ask(many.slice(1).join(' '))).statusCode).toBe(200);
    const long = await ask(`cake ${'क'.repeat(SEARCH_MAX_TERM_LENGTH + 1)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: `each search term in q must be at most ${SEARCH_MAX_TERM_LENGTH} characters` });
    expect((await ask(`#${'a'.repeat(SEARCH_MAX_TERM_LENGTH)}`)).statusCode).toBe(200);
  });
});
