import fs from 'node:fs';
import { AUTH_MESSAGES, GSTIN_MESSAGES, NAME_MIN, PROFILE_MESSAGES, type AppUser } from '@aaspaas/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEvents,
  admins,
  passwordResets,
  postLikes,
  postViews,
  posts,
  refreshTokens,
  uploads,
  userIdentities,
  users,
} from '#src/db/schema';
import { photo, storedFiles, uploadRequest } from '../uploads/upload-kit';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp, VISITOR_A, VISITOR_B } from '#test/helper';

/** A valid GSTIN (check digit right) and the same with its last character changed. */
const GSTIN = '27AAPFU0939F1ZV';
const GSTIN_TYPO = '27AAPFU0939F1ZW';

/** The schema's text, which the API's error handler may prefix with the field it belongs to ('gstNumber: …'). */
function expectSchemaMessage(actual: string, text: string) {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expect(actual).toMatch(new RegExp(`^([A-Za-z]+: )?${escaped}$`));
}

describe('GET/PUT /api/user/me', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('needs a valid token: none, garbage and a wrong scheme get 401 authFailed', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }, { authorization: 'Basic abc' }]) {
      for (const [method, url] of [
        ['GET', '/api/user/me'],
        ['PUT', '/api/user/me'],
        ['DELETE', '/api/user/me'],
        ['GET', '/api/user/stats'],
        ['POST', '/api/user/profile-image'],
      ] as const) {
        const res = await app.inject({ method, url, headers, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
      }
    }
  });

  it('answers the caller’s own account', async () => {
    const shop = await createBusiness(app.dbHandle.db, { name: 'Asha Patel', businessName: 'Patel Sweets' });
    const res = await app.inject({ method: 'GET', url: '/api/user/me', headers: await authHeader(app, shop) });
    expect(res.statusCode).toBe(200);
    const me = res.json<AppUser>();
    expect(me).toMatchObject({
      id: shop.id,
      username: shop.username,
      name: 'Asha Patel',
      businessName: 'Patel Sweets',
      isAdmin: false,
      hasPassword: false,
      googleLinked: false,
      status: 'active',
    });
  });

  it('changes only the fields sent, only on the caller’s row, and recomputes onboarding', async () => {
    const mine = await createBusiness(app.dbHandle.db, {
      businessAddress: null,
      lat: null,
      lon: null,
      businessDetails: 'Old details',
    });
    const theirs = await createBusiness(app.dbHandle.db, { name: 'Other Owner', businessName: 'Other Shop' });
    const theirsBefore = (await app.usersRepository.byId(theirs.id))!;
    const headers = await authHeader(app, mine);

    const first = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers,
      payload: { businessName: '  Shree Ganesh Kirana ', gstNumber: ' 27aapfu0939f1zv ', businessPhone: '+91 98201-23456' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json<AppUser>()).toMatchObject({
      id: mine.id,
      name: mine.name,
      businessName: 'Shree Ganesh Kirana',
      gstNumber: GSTIN,
      businessPhone: '9820123456',
      businessDetails: 'Old details',
      onboardingCompleted: false,
    });

    const second = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers,
      payload: {
        businessAddress: 'Shop 4, Linking Road, Bandra West',
        city: 'Mumbai',
        state: 'Maharashtra',
        lat: 19.0596,
        lon: 72.8295,
        businessCategories: ['Grocery', 'Sweets'],
        businessDetails: '',
      },
    });
    const updated = second.json<AppUser>();
    expect(updated).toMatchObject({
      businessName: 'Shree Ganesh Kirana',
      gstNumber: GSTIN,
      businessAddress: 'Shop 4, Linking Road, Bandra West',
      lat: 19.0596,
      lon: 72.8295,
      businessCategories: ['Grocery', 'Sweets'],
      businessDetails: null,
      onboardingCompleted: true,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(mine.updatedAt.getTime());

    // Clearing the location takes the profile out of "complete".
    const cleared = await app.inject({ method: 'PUT', url: '/api/user/me', headers, payload: { lat: null, lon: null } });
    expect(cleared.json<AppUser>()).toMatchObject({ lat: null, lon: null, onboardingCompleted: false });

    expect(await app.usersRepository.byId(theirs.id)).toEqual(theirsBefore);
  });

  it('does not move the business’s existing posts when the location changes', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const post = await createPost(app.dbHandle.db, shop);
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: await authHeader(app, shop),
      payload: { lat: 28.6315, lon: 77.2167, city: 'New Delhi', state: 'Delhi' },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await app.dbHandle.db.select().from(posts).where(eq(posts.id, post.id));
    expect(after).toMatchObject({ lat: shop.lat, lon: shop.lon, city: shop.city });
  });

  it.each([
    [{ gstNumber: '27AAPFU0939F1Z' }, GSTIN_MESSAGES.format],
    [{ gstNumber: GSTIN_TYPO }, GSTIN_MESSAGES.checkDigit],
    [{ businessPhone: '12345' }, PROFILE_MESSAGES.phoneInvalid],
    [{ businessPhone: '5820123456' }, PROFILE_MESSAGES.phoneInvalid],
    [{ name: 'A' }, `Name must be at least ${NAME_MIN} characters`],
    [{ businessName: ' B ' }, 'Business name must be at least 2 characters'],
    [{ lat: 19.07 }, PROFILE_MESSAGES.locationIncomplete],
    [{ lat: 19.07, lon: null }, PROFILE_MESSAGES.locationIncomplete],
  ])('refuses %j with its message and changes nothing', async (payload, message) => {
    const shop = await createBusiness(app.dbHandle.db);
    const res = await app.inject({ method: 'PUT', url: '/api/user/me', headers: await authHeader(app, shop), payload });
    expect(res.statusCode).toBe(400);
    expectSchemaMessage(res.json().message, message);
    expect(await app.usersRepository.byId(shop.id)).toEqual(shop);
  });
});

describe('GET /api/user/stats', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('counts the caller’s posts only and answers the balance in paise', async () => {
    const shop = await createBusiness(app.dbHandle.db, { balancePaise: 12_345 });
    const other = await createBusiness(app.dbHandle.db);
    await createPost(app.dbHandle.db, shop);
    await createPost(app.dbHandle.db, shop);
    await createPost(app.dbHandle.db, other);
    const res = await app.inject({ method: 'GET', url: '/api/user/stats', headers: await authHeader(app, shop) });
    expect(res.json()).toEqual({ contacts: 0, sentSms: 0, balancePaise: 12_345, posts: 2 });
  });
});

describe('DELETE /api/user/me', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('erases the account with its posts, likes, views, events, uploads and files; the token stops working', async () => {
    const { db } = app.dbHandle;
    const shop = await createBusiness(db);
    const neighbour = await createBusiness(db);
    const headers = await authHeader(app, shop);
    const post = await createPost(db, shop);
    const neighbourPost = await createPost(db, neighbour);
    for (const id of [post.id, neighbourPost.id]) {
      await app.engagementRepository.like(id, VISITOR_A);
      await app.engagementRepository.view(id, VISITOR_B);
    }
    await app.eventsRepository.record(
      [
        { name: 'post_share', postId: post.id },
        { name: 'business_view_open', businessId: shop.id },
        { name: 'post_share', postId: neighbourPost.id },
      ],
      VISITOR_A,
    );
    const upload = await app.inject(uploadRequest(headers, await photo()));
    expect(upload.statusCode).toBe(201);
    const neighbourUpload = await app.inject(uploadRequest(await authHeader(app, neighbour), await photo()));
    const files = (url: string) => Object.values(storedFiles(app.config.mediaDir, url));
    const myFiles = files(upload.json().url);
    expect(myFiles.every((f) => fs.existsSync(f))).toBe(true);
    await db.insert(userIdentities).values({ provider: 'google', subject: 'g-123', userId: shop.id, email: shop.username });
    await db.insert(admins).values({ uid: shop.id, email: shop.username });
    await db.insert(refreshTokens).values({
      userId: shop.id,
      familyId: shop.id,
      tokenHash: 'h'.repeat(64),
      expiresAt: new Date(Date.now() + 60_000),
    });
    await db
      .insert(passwordResets)
      .values({ userId: shop.id, tokenHash: 'r'.repeat(64), expiresAt: new Date(Date.now() + 60_000) });

    const res = await app.inject({ method: 'DELETE', url: '/api/user/me', headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const countOf = async (table: PgTable, where: SQL | undefined) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(where)
      )[0]?.n;
    expect(await countOf(users, eq(users.id, shop.id))).toBe(0);
    expect(await countOf(posts, eq(posts.userId, shop.id))).toBe(0);
    expect(await countOf(postLikes, eq(postLikes.postId, post.id))).toBe(0);
    expect(await countOf(postViews, eq(postViews.postId, post.id))).toBe(0);
    expect(await countOf(analyticsEvents, eq(analyticsEvents.postId, post.id))).toBe(0);
    expect(await countOf(analyticsEvents, eq(analyticsEvents.businessId, shop.id))).toBe(0);
    expect(await countOf(uploads, eq(uploads.userId, shop.id))).toBe(0);
    expect(await countOf(userIdentities, eq(userIdentities.userId, shop.id))).toBe(0);
    expect(await countOf(admins, eq(admins.uid, shop.id))).toBe(0);
    expect(await countOf(refreshTokens, eq(refreshTokens.userId, shop.id))).toBe(0);
    expect(await countOf(passwordResets, eq(passwordResets.userId, shop.id))).toBe(0);
    expect(myFiles.some((f) => fs.existsSync(f))).toBe(false);

    // The neighbour keeps everything.
    expect(await countOf(posts, eq(posts.userId, neighbour.id))).toBe(1);
    expect(await countOf(postLikes, eq(postLikes.postId, neighbourPost.id))).toBe(1);
    expect(await countOf(postViews, eq(postViews.postId, neighbourPost.id))).toBe(1);
    expect(await countOf(analyticsEvents, eq(analyticsEvents.postId, neighbourPost.id))).toBe(1);
    expect(files(neighbourUpload.json().url).every((f) => fs.existsSync(f))).toBe(true);

    const after = await app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
  });
});

describe('POST /api/user/profile-image', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('accepts only an upload of the caller; never another’s, an outside URL or a variant path', async () => {
    const me = await createBusiness(app.dbHandle.db);
    const other = await createBusiness(app.dbHandle.db);
    const headers = await authHeader(app, me);
    const mine = (await app.inject(uploadRequest(headers, await photo()))).json();
    const theirs = (await app.inject(uploadRequest(await authHeader(app, other), await photo()))).json();

    const set = (imageUrl: string) =>
      app.inject({ method: 'POST', url: '/api/user/profile-image', headers, payload: { imageUrl } });
    for (const imageUrl of [
      theirs.url,
      'https://example.com/photo.jpg',
      `http://localhost${mine.url}`,
      mine.url.replace(/\.jpg$/, '-480.webp'),
      '/media/demo/avatars/someone.webp',
    ]) {
      const res = await set(imageUrl);
      expect(res.statusCode, imageUrl).toBe(400);
      expect(res.json()).toEqual({ message: PROFILE_MESSAGES.imageNotOurs });
    }
    expect((await app.usersRepository.byId(me.id))?.profileImageUrl).toBeNull();

    const ok = await set(mine.url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AppUser>().profileImageUrl).toBe(mine.url);
    expect((await app.usersRepository.byId(other.id))?.profileImageUrl).toBeNull();
  });
});
