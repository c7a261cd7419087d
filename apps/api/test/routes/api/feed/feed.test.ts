import zlib from 'node:zlib';
import { type Post, NEXT_CURSOR_HEADER, PostListSchema, PostSchema, VISITOR_HEADER } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, createBusiness, createPost, signedVisitor, type TestApp, VISITOR_A } from '#test/helper';

const MUMBAI = { lat: 19.076, lon: 72.8777 };
const ANDHERI = { lat: 19.1136, lon: 72.8697 };
const PUNE = { lat: 18.5204, lon: 73.8567 };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('GET /api/feed', () => {
  let app: TestApp;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const kirana = await createBusiness(db, {
      businessName: 'Sharma Kirana Store',
      name: 'Sunil Sharma',
      ...ANDHERI,
      city: 'Mumbai',
    });
    const salon = await createBusiness(db, { businessName: 'Glamour Salon', name: 'Priya Nair', ...MUMBAI, city: 'Mumbai' });
    const puneBakery = await createBusiness(db, {
      businessName: 'Pune Bakers',
      name: 'Amit Joshi',
      ...PUNE,
      city: 'Pune',
      state: 'Maharashtra',
    });
    ids.diwali = (
      await createPost(db, kirana, {
        content: 'Diwali dhamaka on dry fruits #diwali #offer',
        hashtags: ['diwali', 'offer'],
        category: 'Grocery',
        mrpPaise: 120000,
        ourPricePaise: 99900,
        homeDelivery: true,
        createdAt: minutesAgo(5),
      })
    ).id;
    ids.mentionsDiwali = (
      await createPost(db, salon, {
        content: 'Get ready for diwali with a facial',
        hashtags: ['facial'],
        category: 'Salon',
        homeDelivery: false,
        createdAt: minutesAgo(60),
      })
    ).id;
    ids.old = (
      await createPost(db, salon, {
        content: 'Bridal package booking open',
        hashtags: ['bridal'],
        category: 'Salon',
        createdAt: minutesAgo(60 * 24 * 20),
      })
    ).id;
    ids.expired = (
      await createPost(db, kirana, {
        content: 'Yesterday only: atta sale',
        category: 'Grocery',
        createdAt: minutesAgo(120),
        expiresAt: minutesAgo(30),
      })
    ).id;
    ids.pune = (
      await createPost(db, puneBakery, {
        content: 'Fresh pav every morning #diwali',
        hashtags: ['diwali', 'pav'],
        category: 'Bakery',
        createdAt: minutesAgo(10),
      })
    ).id;
    // A long tail of older Mumbai posts for paging.
    for (let i = 0; i < 25; i++) {
      await createPost(db, kirana, {
        content: `Daily deal number ${i}`,
        hashtags: ['daily'],
        category: 'Grocery',
        createdAt: minutesAgo(200 + i * 30),
      });
    }
  });
  afterAll(() => app.close());

  const feed = async (query: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/feed${query}` });
    return { res, posts: res.statusCode === 200 ? (res.json() as Post[]) : [] };
  };

  it('without a point lists all live posts newest first, with every Post field', async () => {
    const { res, posts } = await feed('?limit=50');
    expect(res.statusCode).toBe(200);
    expect(posts).toHaveLength(29);
    expect(posts[0]?.id).toBe(ids.diwali);
    expect(posts.map((p) => p.id)).not.toContain(ids.expired);
    const times = posts.map((p) => Date.parse(p.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(posts[0]).toMatchObject({
      businessName: 'Sharma Kirana Store',
      authorName: 'Sunil Sharma',
      category: 'Grocery',
      city: 'Mumbai',
      hashtags: ['diwali', 'offer'],
      mrpPaise: 120000,
      ourPricePaise: 99900,
      homeDelivery: true,
      likesCount: 0,
      viewsCount: 0,
      commentsCount: 0,
    });
    expect(posts[0]).toHaveProperty('businessPhone');
    expect(posts[0]).toHaveProperty('profileImageUrl');
    expect(posts[0]?.distanceKm).toBeUndefined();
  });

  it('writes exactly the contract: zod would write the same bytes, and no other field leaks', async () => {
    await app.inject({
      method: 'POST',
      url: `/api/posts/${ids.diwali}/like`,
      headers: { [VISITOR_HEADER]: signedVisitor(app, VISITOR_A) },
    });
    for (const [query, headers] of [
      ['?limit=50', {}],
      [`?lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&limit=50`, { [VISITOR_HEADER]: signedVisitor(app, VISITOR_A) }],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/feed${query}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body: unknown = JSON.parse(res.body);
      expect(z.array(PostSchema.strict()).safeParse(body).success).toBe(true);
      expect(res.body).toBe(JSON.stringify(z.encode(PostListSchema, body as Post[])));
    }
    const liked = await app.inject({
      method: 'GET',
      url: `/api/feed?lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&limit=1`,
      headers: { [VISITOR_HEADER]: signedVisitor(app, VISITOR_A) },
    });
    const [first] = liked.json() as Post[];
    expect(first).toMatchObject({ id: ids.diwali, likedByMe: true, likesCount: 1, profileImageUrl: null });
    expect(typeof first?.distanceKm).toBe('number');
  });

  it('compresses a page for a phone with gzip, and with brotli for a client that only takes brotli', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/feed?limit=50' });
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'gzip', zlib.gunzipSync],
      ['br', 'br', zlib.brotliDecompressSync],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/api/feed?limit=50', headers: { 'accept-encoding': accept } });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('is documented in the OpenAPI document with the Post contract', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as {
      paths: Record<string, { get?: { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> } }>;
    };
    const ok = doc.paths['/api/feed/']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(ok).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Post' } });
  });

  it('near a point returns only posts within the radius, with their distance', async () => {
    const { posts } = await feed(`?lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&limit=50`);
    expect(posts.length).toBe(28);
    expect(posts.every((p) => p.city === 'Mumbai')).toBe(true);
    const andheri = posts.find((p) => p.id === ids.diwali);
    expect(andheri?.distanceKm).toBeGreaterThan(3);
    expect(andheri?.distanceKm).toBeLessThan(6);
    // The 20-day-old post is found although newer windows are tried first.
    expect(posts.map((p) => p.id)).toContain(ids.old);

    const pune = await feed(`?lat=${PUNE.lat}&lon=${PUNE.lon}`);
    expect(pune.posts.map((p) => p.id)).toEqual([ids.pune]);
  });

  it('a small radius excludes farther posts; a place with no posts gives an empty list', async () => {
    const { posts } = await feed(`?lat=${MUMBAI.lat}&lon=${MUMBAI.lon}&radiusKm=2`);
    expect(posts.map((p) => p.id)).toEqual([ids.mentionsDiwali, ids.old]);
    const leh = await feed('?lat=34.1526&lon=77.5771');
    expect(leh.res.statusCode).toBe(200);
    expect(leh.posts).toEqual([]);
    expect(leh.res.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
  });

  it('pages with the keyset cursor without gaps or repeats, near a point and without one', async () => {
    for (const point of [`&lat=${MUMBAI.lat}&lon=${MUMBAI.lon}`, '']) {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const { res, posts } = await feed(`?limit=10${point}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        seen.push(...posts.map((p) => p.id));
        cursor = res.headers[NEXT_CURSOR_HEADER] as string | undefined;
        if (!cursor) break;
        expect(posts).toHaveLength(10);
      }
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toHaveLength(point ? 28 : 29);
    }
  });

  it('offset paging matches cursor paging', async () => {
    const first = await feed('?limit=5');
    const second = await feed('?limit=5&offset=5');
    const byCursor = await feed(`?limit=5&cursor=${first.res.headers[NEXT_CURSOR_HEADER] as string}`);
    expect(second.posts.map((p) => p.id)).toEqual(byCursor.posts.map((p) => p.id));
  });

  it('searches every post on the server: all terms must match, #terms match hashtags only', async () => {
    const diwali = await feed('?q=diwali&limit=50');
    expect(diwali.posts.map((p) => p.id).sort()).toEqual([ids.diwali, ids.mentionsDiwali, ids.pune].sort());
    const hashtag = await feed('?q=%23diwali&limit=50');
    expect(hashtag.posts.map((p) => p.id).sort()).toEqual([ids.diwali, ids.pune].sort());
    const twoTerms = await feed(`?q=${encodeURIComponent('#diwali, sharma')}`);
    expect(twoTerms.posts.map((p) => p.id)).toEqual([ids.diwali]);
    const byCity = await feed('?q=pune');
    expect(byCity.posts.map((p) => p.id)).toEqual([ids.pune]);
    const byCategory = await feed('?q=salon');
    expect(byCategory.posts.map((p) => p.id)).toEqual([ids.mentionsDiwali, ids.old]);
    const near = await feed(`?q=%23diwali&lat=${MUMBAI.lat}&lon=${MUMBAI.lon}`);
    expect(near.posts.map((p) => p.id)).toEqual([ids.diwali]);
    const wildcard = await feed('?q=%25');
    expect(wildcard.posts).toEqual([]);
  });

  it('filters by category, case-insensitive and exact', async () => {
    const salon = await feed('?category=salon');
    expect(salon.posts.map((p) => p.id)).toEqual([ids.mentionsDiwali, ids.old]);
    const partial = await feed('?category=Sal');
    expect(partial.posts).toEqual([]);
  });

  it.each([
    ['?lat=abc&lon=72.8', 'lat must be a number'],
    ['?lat=19&lon=', 'lon must be a number'],
    ['?lat=19.07', 'lat and lon must be given together'],
    ['?lat=95&lon=72', 'lat must be between -90 and 90'],
    ['?lat=19&lon=72&radiusKm=0', 'radiusKm must be between 1 and 200'],
    ['?lat=19&lon=72&radiusKm=5000', 'radiusKm must be between 1 and 200'],
    ['?limit=1000', 'limit must be between 1 and 50'],
    ['?limit=2.5', 'limit must be a whole number'],
    ['?offset=-1', 'offset must be between 0 and 10000'],
    ['?cursor=not-a-cursor!', 'cursor is malformed: use the X-Next-Cursor value of the previous page'],
    [
      `?cursor=${Buffer.from('123.nope').toString('base64url')}`,
      'cursor is malformed: use the X-Next-Cursor value of the previous page',
    ],
  ])('refuses %s with a clear 400', async (query, message) => {
    const { res } = await feed(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });
});
