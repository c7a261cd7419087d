import {
  AUTH_MESSAGES,
  type MyPostsPage,
  type OwnPost,
  PUBLISHING_MESSAGES,
  type Post,
  type UploadResponse,
  categoryNotYoursMessage,
  discountPercent,
} from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, postLikes, postViews, posts } from '#src/db/schema';
import {
  authHeader,
  buildTestApp,
  createBusiness,
  createPost,
  signedVisitor,
  type TestApp,
  VISITOR_A,
  VISITOR_B,
} from '#test/helper';
import { photo, uploadRequest } from '../../uploads/upload-kit';

const PUNE = { lat: 18.5204, lon: 73.8567, city: 'Pune', state: 'Maharashtra' };
const KOTHRUD = { lat: 18.5074, lon: 73.8077 };
const DELHI = { lat: 28.6139, lon: 77.209 };
const NASHIK = { lat: 19.9975, lon: 73.7898, city: 'Nashik', state: 'Maharashtra' };
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

type Auth = { authorization: string };

describe('/api/user/posts', () => {
  let app: TestApp;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: Auth;
  let other: Awaited<ReturnType<typeof createBusiness>>;
  let otherAuth: Auth;

  const upload = async (as: Auth) => {
    const res = await app.inject(uploadRequest(as, await photo(640, 480)));
    expect(res.statusCode).toBe(201);
    return res.json<UploadResponse>().url;
  };
  const create = (payload: object, as: Auth = auth) =>
    app.inject({ method: 'POST', url: '/api/user/posts', headers: as, payload });
  const feedNear = async (point: { lat: number; lon: number }) => {
    const res = await app.inject({ method: 'GET', url: `/api/feed?lat=${point.lat}&lon=${point.lon}&radiusKm=25` });
    expect(res.statusCode).toBe(200);
    return res.json<Post[]>();
  };

  beforeAll(async () => {
    app = await buildTestApp();
    shop = await createBusiness(app.dbHandle.db, {
      businessName: 'Joshi Sweets',
      name: 'Amit Joshi',
      businessCategories: ['Sweets', 'Bakery'],
      ...PUNE,
    });
    auth = await authHeader(app, shop);
    other = await createBusiness(app.dbHandle.db, { businessName: 'Other Shop', businessCategories: ['Grocery'] });
    otherAuth = await authHeader(app, other);
  });
  afterAll(() => app.close());

  it('needs a signed-in business for every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/user/posts'],
      ['POST', '/api/user/posts'],
      ['GET', '/api/user/posts/insights'],
      ['GET', `/api/user/posts/${id}`],
      ['PUT', `/api/user/posts/${id}`],
      ['DELETE', `/api/user/posts/${id}`],
      ['GET', `/api/user/posts/${id}/insights`],
      ['POST', `/api/user/posts/${id}/repost`],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/user/posts/',
        '/api/user/posts/{id}',
        '/api/user/posts/{id}/insights',
        '/api/user/posts/{id}/repost',
        '/api/user/posts/insights',
        '/api/templates/',
        '/api/templates/{id}/render',
        '/api/template-categories/',
      ]),
    );
  });

  it('publishes an offer with photos: live at the top of the feed near the shop, absent far away', async () => {
    const photos = [await upload(auth), await upload(auth)];
    const res = await create({
      content: 'Kaju katli Diwali boxes, fresh today #Diwali',
      images: photos,
      category: 'sweets',
      hashtags: ['#Sweets', 'gift'],
      mrpPaise: 120000,
      ourPricePaise: 99900,
      homeDelivery: true,
    });
    expect(res.statusCode).toBe(201);
    const post = res.json<OwnPost>();
    expect(post).toMatchObject({
      userId: shop.id,
      businessName: 'Joshi Sweets',
      authorName: 'Amit Joshi',
      category: 'Sweets',
      content: 'Kaju katli Diwali boxes, fresh today #Diwali',
      hashtags: ['sweets', 'gift', 'diwali'],
      images: photos,
      mrpPaise: 120000,
      ourPricePaise: 99900,
      homeDelivery: true,
      city: 'Pune',
      state: 'Maharashtra',
      lat: PUNE.lat,
      lon: PUNE.lon,
      locationOverridden: false,
      expiresAt: null,
      expired: false,
      likesCount: 0,
      viewsCount: 0,
      sharesCount: 0,
      whatsappCount: 0,
    });
    expect(discountPercent(post.mrpPaise, post.ourPricePaise)).toBe(17);

    // An older post of another Pune shop, so "at the top" means something.
    await createPost(app.dbHandle.db, other, { ...PUNE, createdAt: minutesAgo(10) });
    const near = await feedNear(KOTHRUD);
    expect(near[0]?.id).toBe(post.id);
    expect(near[0]).toMatchObject({ mrpPaise: 120000, ourPricePaise: 99900, homeDelivery: true });
    expect((await feedNear(DELHI)).map((p) => p.id)).not.toContain(post.id);
    const one = await app.inject({ method: 'GET', url: `/api/posts/${post.id}` });
    expect(one.json<Post>().id).toBe(post.id);
  });

  it('places a post at its own location when given one, and by the profile otherwise', async () => {
    const res = await create({ content: 'Stall at the Nashik fair this week', category: 'Sweets', location: NASHIK });
    expect(res.statusCode).toBe(201);
    const post = res.json<OwnPost>();
    expect(post).toMatchObject({ lat: NASHIK.lat, lon: NASHIK.lon, city: 'Nashik', locationOverridden: true });
    expect((await feedNear(NASHIK)).map((p) => p.id)).toContain(post.id);
    expect((await feedNear(KOTHRUD)).map((p) => p.id)).not.toContain(post.id);

    // Edited without a location, it goes back to the profile's place.
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${post.id}`,
      headers: auth,
      payload: { content: 'Back at the shop', category: 'Sweets' },
    });
    expect(edited.json<OwnPost>()).toMatchObject({ lat: PUNE.lat, city: 'Pune', locationOverridden: false });
  });

  it('asks a business without a location to set one, unless the post brings its own', async () => {
    const nowhere = await createBusiness(app.dbHandle.db, { lat: null, lon: null, city: null, state: null });
    const headers = await authHeader(app, nowhere);
    const refused = await create({ content: 'Opening soon', category: 'Grocery' }, headers);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: PUBLISHING_MESSAGES.locationMissing });
    expect((await app.dbHandle.db.select().from(posts).where(eq(posts.userId, nowhere.id))).length).toBe(0);
    const placed = await create({ content: 'Opening soon', category: 'Grocery', location: PUNE }, headers);
    expect(placed.statusCode).toBe(201);
    expect(placed.json<OwnPost>().city).toBe('Pune');
  });

  it("takes only one of the business's categories (any, when it lists none)", async () => {
    const res = await create({ content: 'Haircut offer', category: 'Salon' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: categoryNotYoursMessage(['Sweets', 'Bakery']), field: 'category' });
    const missing = await create({ content: 'No category' });
    expect(missing.json()).toEqual({ message: PUBLISHING_MESSAGES.categoryRequired, field: 'category' });

    const free = await createBusiness(app.dbHandle.db, { businessCategories: [] });
    const ok = await create({ content: 'Tiffin service', category: 'Tiffin' }, await authHeader(app, free));
    expect(ok.statusCode).toBe(201);
    expect(ok.json<OwnPost>().category).toBe('Tiffin');
  });

  it('refuses invalid prices with a clear message', async () => {
    const cases: [object, string][] = [
      [{ mrpPaise: 10000, ourPricePaise: 12000 }, PUBLISHING_MESSAGES.priceAboveMrp],
      [{ mrpPaise: 10000 }, PUBLISHING_MESSAGES.pricesTogether],
      [{ ourPricePaise: 10000 }, PUBLISHING_MESSAGES.pricesTogether],
      [{ mrpPaise: 10000, ourPricePaise: null }, PUBLISHING_MESSAGES.pricesTogether],
      [{ mrpPaise: -100, ourPricePaise: -200 }, PUBLISHING_MESSAGES.priceNegative],
      [{ mrpPaise: 999.5, ourPricePaise: 500 }, PUBLISHING_MESSAGES.priceWhole],
      [{ mrpPaise: '1000', ourPricePaise: 500 }, PUBLISHING_MESSAGES.priceNotNumber],
      [{ mrpPaise: 10_000_000_000, ourPricePaise: 500 }, PUBLISHING_MESSAGES.priceTooHigh],
    ];
    const before = (await app.dbHandle.db.select().from(posts).where(eq(posts.userId, shop.id))).length;
    for (const [prices, message] of cases) {
      const res = await create({ content: 'Offer', category: 'Sweets', ...prices });
      expect(res.statusCode, JSON.stringify(prices)).toBe(400);
      expect(res.json(), JSON.stringify(prices)).toEqual({ message, field: expect.any(String) });
    }
    expect((await app.dbHandle.db.select().from(posts).where(eq(posts.userId, shop.id))).length).toBe(before);
    // Equal prices are a valid offer (no discount shown); zero is a valid price.
    const equal = await create({ content: 'Offer', category: 'Sweets', mrpPaise: 5000, ourPricePaise: 5000 });
    expect(equal.statusCode).toBe(201);
    const free = await create({ content: 'Free sample', category: 'Sweets', mrpPaise: 5000, ourPricePaise: 0 });
    expect(free.json<OwnPost>().ourPricePaise).toBe(0);
  });

  it('takes up to 5 photos, only uploads of this business', async () => {
    const mine = await Promise.all(Array.from({ length: 6 }, () => upload(auth)));
    const six = await create({ content: 'Six photos', category: 'Sweets', images: mine });
    expect(six.statusCode).toBe(400);
    expect(six.json()).toEqual({ message: PUBLISHING_MESSAGES.tooManyImages, field: 'images' });
    const five = await create({ content: 'Five photos', category: 'Sweets', images: mine.slice(0, 5) });
    expect(five.statusCode).toBe(201);
    expect(five.json<OwnPost>().images).toEqual(mine.slice(0, 5));

    const theirs = await upload(otherAuth);
    for (const foreign of [
      theirs,
      'https://example.com/photo.jpg',
      '/media/seed/posts/some-shop/abc.webp',
      `${mine[0]}?x=1`,
      '../../etc/passwd',
    ]) {
      const res = await create({ content: 'Borrowed photo', category: 'Sweets', images: [mine[0], foreign] });
      expect(res.statusCode, foreign).toBe(400);
      expect(res.json()).toEqual({ message: PUBLISHING_MESSAGES.imageNotOurs });
    }
  });

  it('applies the hashtag rule of docs/product.md §5: tags plus #words, lower-cased, de-duplicated, at most 10', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Tag${i}`);
    const res = await create({ content: 'Many tags #Extra', category: 'Sweets', hashtags: eleven });
    expect(res.json<OwnPost>().hashtags).toEqual(eleven.slice(0, 10).map((t) => t.toLowerCase()));

    const merged = await create({
      content: 'Fresh #Jalebi and #jalebi again, #रसगुल्ला too #',
      category: 'Sweets',
      hashtags: ['#JALEBI', ' Sweets ', '', '#', 'two words'],
    });
    expect(merged.json<OwnPost>().hashtags).toEqual(['jalebi', 'sweets', 'रसगुल्ला']);
    const tooMany = await create({ content: 'x', category: 'Sweets', hashtags: Array.from({ length: 51 }, () => 'a') });
    expect(tooMany.json()).toEqual({ message: PUBLISHING_MESSAGES.tooManyTags, field: 'hashtags' });
  });

  it('edits only its own posts: another business gets the same 404 as for a missing post', async () => {
    const photoUrl = await upload(auth);
    const created = (await create({ content: 'Rasgulla', category: 'Sweets', images: [photoUrl] })).json<OwnPost>();
    // A like and a view, to see that the edit keeps them.
    await app.inject({
      method: 'POST',
      url: `/api/posts/${created.id}/like`,
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
    });
    const payload = {
      content: 'Rasgulla, now with home delivery #sweets',
      category: 'Bakery',
      images: [photoUrl],
      homeDelivery: true,
      mrpPaise: 30000,
      ourPricePaise: 25000,
    };

    for (const [headers, id] of [
      [otherAuth, created.id],
      [auth, '00000000-0000-4000-8000-000000000000'],
      [auth, 'not-a-uuid'],
    ] as const) {
      const res = await app.inject({ method: 'PUT', url: `/api/user/posts/${id}`, headers, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: PUBLISHING_MESSAGES.postNotFound });
      const get = await app.inject({ method: 'GET', url: `/api/user/posts/${id}`, headers });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ message: PUBLISHING_MESSAGES.postNotFound });
    }
    expect((await app.dbHandle.db.select().from(posts).where(eq(posts.id, created.id)))[0]?.content).toBe('Rasgulla');

    const res = await app.inject({ method: 'PUT', url: `/api/user/posts/${created.id}`, headers: auth, payload });
    expect(res.statusCode).toBe(200);
    const edited = res.json<OwnPost>();
    expect(edited).toMatchObject({
      id: created.id,
      content: payload.content,
      category: 'Bakery',
      hashtags: ['sweets'],
      homeDelivery: true,
      mrpPaise: 30000,
      ourPricePaise: 25000,
      likesCount: 1,
      createdAt: created.createdAt,
    });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    // Edits are validated like a new post.
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${created.id}`,
      headers: auth,
      payload: { ...payload, ourPricePaise: 40000 },
    });
    expect(bad.json()).toEqual({ message: PUBLISHING_MESSAGES.priceAboveMrp, field: 'ourPricePaise' });
  });

  it('keeps the photos a post already shows on an edit, even when they are not uploads', async () => {
    const seeded = await createPost(app.dbHandle.db, shop, {
      category: 'Sweets',
      images: ['/media/seed/posts/joshi-sweets/card.webp'],
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/user/posts/${seeded.id}`,
      headers: auth,
      payload: { content: 'Updated text', category: 'Sweets', images: ['/media/seed/posts/joshi-sweets/card.webp'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<OwnPost>().images).toEqual(['/media/seed/posts/joshi-sweets/card.webp']);
  });

  it('deletes only its own posts, with their likes, views and events', async () => {
    const post = (await create({ content: 'Short-lived', category: 'Sweets' })).json<OwnPost>();
    await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/like`,
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
    });
    await app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/view`,
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_B) },
      payload: {},
    });
    await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
      payload: { events: [{ name: 'post_whatsapp', postId: post.id }] },
    });
    const rowsOf = async () => ({
      likes: (await app.dbHandle.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).length,
      views: (await app.dbHandle.db.select().from(postViews).where(eq(postViews.postId, post.id))).length,
      events: (await app.dbHandle.db.select().from(analyticsEvents).where(eq(analyticsEvents.postId, post.id))).length,
    });
    expect(await rowsOf()).toEqual({ likes: 1, views: 1, events: 1 });

    const theirs = await app.inject({ method: 'DELETE', url: `/api/user/posts/${post.id}`, headers: otherAuth });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: PUBLISHING_MESSAGES.postNotFound });
    expect(await rowsOf()).toEqual({ likes: 1, views: 1, events: 1 });

    const res = await app.inject({ method: 'DELETE', url: `/api/user/posts/${post.id}`, headers: auth });
    expect(res.statusCode).toBe(204);
    expect(await rowsOf()).toEqual({ likes: 0, views: 0, events: 0 });
    expect((await app.inject({ method: 'GET', url: `/api/posts/${post.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/user/posts/${post.id}`, headers: auth })).statusCode).toBe(404);
  });

  it('takes an offer out of the feed after its valid-until, but keeps it in the owner’s list', async () => {
    const res = await create({
      content: 'Weekend offer on pedas',
      category: 'Sweets',
      mrpPaise: 50000,
      ourPricePaise: 45000,
      expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const offer = res.json<OwnPost>();
    expect(offer.expired).toBe(false);
    expect((await feedNear(PUNE)).map((p) => p.id)).toContain(offer.id);

    const past = await create({ content: 'Too late', category: 'Sweets', expiresAt: '2020-01-01' });
    expect(past.json()).toEqual({ message: PUBLISHING_MESSAGES.validUntilPast, field: 'expiresAt' });

    // Time passes: the valid-until is now behind us.
    await app.dbHandle.db
      .update(posts)
      .set({ expiresAt: minutesAgo(1) })
      .where(eq(posts.id, offer.id));
    expect((await feedNear(PUNE)).map((p) => p.id)).not.toContain(offer.id);
    const mine = await app.inject({ method: 'GET', url: `/api/user/posts/${offer.id}`, headers: auth });
    expect(mine.json<OwnPost>()).toMatchObject({ id: offer.id, expired: true });
  });

  it('reposts a copy at the top, with fresh counters and the same validity length', async () => {
    const original = await createPost(app.dbHandle.db, shop, {
      category: 'Sweets',
      content: 'Monsoon special',
      hashtags: ['monsoon'],
      mrpPaise: 20000,
      ourPricePaise: 15000,
      likesCount: 7,
      viewsCount: 40,
      createdAt: minutesAgo(60 * 24 * 10),
      expiresAt: minutesAgo(60 * 24 * 3),
    });
    const theirs = await app.inject({
      method: 'POST',
      url: `/api/user/posts/${original.id}/repost`,
      headers: otherAuth,
      payload: {},
    });
    expect(theirs.statusCode).toBe(404);

    const res = await app.inject({ method: 'POST', url: `/api/user/posts/${original.id}/repost`, headers: auth, payload: {} });
    expect(res.statusCode).toBe(201);
    const copy = res.json<OwnPost>();
    expect(copy.id).not.toBe(original.id);
    expect(copy).toMatchObject({
      content: 'Monsoon special',
      hashtags: ['monsoon'],
      mrpPaise: 20000,
      ourPricePaise: 15000,
      likesCount: 0,
      viewsCount: 0,
      expired: false,
    });
    // Valid for 7 days, like the original (10 days ago to 3 days ago).
    const validMs = Date.parse(copy.expiresAt!) - Date.parse(copy.createdAt);
    expect(Math.abs(validMs - 7 * 86_400_000)).toBeLessThan(5000);
    const list = await app.inject({ method: 'GET', url: '/api/user/posts?limit=1', headers: auth });
    expect(list.json<MyPostsPage>().posts[0]?.id).toBe(copy.id);

    const until = new Date(Date.now() + 86_400_000).toISOString();
    const chosen = await app.inject({
      method: 'POST',
      url: `/api/user/posts/${original.id}/repost`,
      headers: auth,
      payload: { expiresAt: until },
    });
    expect(chosen.json<OwnPost>().expiresAt).toBe(until);
  });
});

describe('GET /api/user/posts (paging)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('lists hundreds of posts newest first, by cursor or offset, with counters, only the caller’s', async () => {
    const shop = await createBusiness(app.dbHandle.db, { ...PUNE });
    const other = await createBusiness(app.dbHandle.db, { ...PUNE });
    const db = app.dbHandle.db;
    // 230 posts, some sharing a created_at (the id breaks the tie), interleaved with another shop's.
    const base = Date.now() - 1000 * 60_000;
    await db.execute(sql`
      INSERT INTO posts (user_id, category, content, lat, lon, city, created_at, views_count, likes_count, shares_count, whatsapp_count)
      SELECT ${shop.id}::uuid, 'Sweets', 'Post ' || g, ${PUNE.lat}, ${PUNE.lon}, 'Pune',
        to_timestamp(${Math.floor(base / 1000)}::float8 + (g / 2) * 60), g, g % 7, g % 3, g % 5
      FROM generate_series(1, 230) g`);
    await createPost(db, other, { createdAt: new Date() });
    const headers = await authHeader(app, shop);

    const seen: OwnPost[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/user/posts?limit=50${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      const page = res.json<MyPostsPage>();
      expect(page.total).toBe(230);
      seen.push(...page.posts);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    expect(seen.length).toBe(230);
    expect(new Set(seen.map((p) => p.id)).size).toBe(230);
    expect(seen.every((p) => p.userId === shop.id)).toBe(true);
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [seen[i - 1]!, seen[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id)).toBe(true);
    }
    const newest = seen[0]!;
    expect(newest.content).toBe('Post 230');
    expect(newest).toMatchObject({ viewsCount: 230, likesCount: 230 % 7, sharesCount: 230 % 3, whatsappCount: 230 % 5 });

    // Offset pages give the same posts as the cursor pages.
    const third = await app.inject({ method: 'GET', url: '/api/user/posts?limit=20&offset=40', headers });
    expect(third.json<MyPostsPage>().posts.map((p) => p.id)).toEqual(seen.slice(40, 60).map((p) => p.id));
    const bad = await app.inject({ method: 'GET', url: '/api/user/posts?cursor=nonsense!', headers });
    expect(bad.statusCode).toBe(400);
  });
});
