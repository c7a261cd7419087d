import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBusiness, createPost, signedVisitor, type TestApp, VISITOR_A, VISITOR_B } from '#test/helper';
import { viewDay } from '#src/plugins/app/posts/engagement-repository';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('likes and views', () => {
  let app: TestApp;
  let postId: string;

  beforeAll(async () => {
    app = await buildTestApp();
    const shop = await createBusiness(app.dbHandle.db);
    postId = (await createPost(app.dbHandle.db, shop)).id;
  });
  afterAll(() => app.close());

  const like = (method: 'POST' | 'DELETE', visitor: string | undefined, id = postId) =>
    app.inject({ method, url: `/api/posts/${id}/like`, headers: visitor ? { 'x-visitor-id': signedVisitor(app, visitor) } : {} });

  it('counts one like per visitor: liking again does not add', async () => {
    expect((await like('POST', VISITOR_A)).json()).toEqual({ success: true, likesCount: 1, liked: true });
    expect((await like('POST', VISITOR_A)).json()).toEqual({ success: true, likesCount: 1, liked: true });
    expect((await like('POST', VISITOR_B)).json()).toEqual({ success: true, likesCount: 2, liked: true });
  });

  it('shows the visitor their own likes in the feed and on the post', async () => {
    const mine = await app.inject({
      method: 'GET',
      url: `/api/posts/${postId}`,
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
    });
    expect(mine.json()).toMatchObject({ id: postId, likesCount: 2, likedByMe: true });
    const feed = await app.inject({
      method: 'GET',
      url: '/api/feed',
      headers: { 'x-visitor-id': signedVisitor(app, 'someone-else-123') },
    });
    expect(feed.json()).toEqual([expect.objectContaining({ id: postId, likedByMe: false })]);
  });

  it('unlikes once; unliking again changes nothing', async () => {
    expect((await like('DELETE', VISITOR_B)).json()).toEqual({ success: true, likesCount: 1, liked: false });
    expect((await like('DELETE', VISITOR_B)).json()).toEqual({ success: true, likesCount: 1, liked: false });
  });

  it('accepts the visitor cookie when the header is missing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/like`,
      cookies: { aaspaas_vid: signedVisitor(app, 'cookie-visitor-42') },
    });
    expect(res.json()).toEqual({ success: true, likesCount: 2, liked: true });
  });

  it('refuses a like without a visitor id, and answers 404 for unknown or malformed post ids', async () => {
    const anonymous = await like('POST', undefined);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({
      message: 'Visitor id is missing or was not issued by this server: reload the page and try again',
    });
    // Ids the server did not issue count as none: malformed, an invented UUID, a forged or re-tagged one.
    const signed = signedVisitor(app);
    const [uuid = '', tag = ''] = signed.split('.');
    const otherUuid = '11111111-2222-4333-8444-555555555555';
    for (const invented of ['x', uuid, `${otherUuid}.${tag}`, `${uuid}.${'A'.repeat(22)}`, `${signed}x`]) {
      const res = await app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: { 'x-visitor-id': invented } });
      expect(res.statusCode, invented).toBe(400);
      const viaCookie = await app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/like`,
        cookies: { aaspaas_vid: invented },
      });
      expect(viaCookie.statusCode, invented).toBe(400);
    }
    const view = await app.inject({ method: 'POST', url: `/api/posts/${postId}/view`, payload: { anonId: uuid } });
    expect(view.statusCode).toBe(400);
    const unknown = await like('POST', VISITOR_A, MISSING);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Post not found' });
    const malformed = await like('POST', VISITOR_A, 'not-a-uuid');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: 'Post not found' });
    expect((await app.inject({ method: 'GET', url: `/api/posts/${MISSING}` })).statusCode).toBe(404);
  });

  it('answers a view on an unknown or malformed post id with 404 { message } and counts nothing', async () => {
    for (const id of [MISSING, 'not-a-uuid']) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/posts/${id}/view`,
        headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
        payload: { anonId: signedVisitor(app, VISITOR_A), ts: Date.now() },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Post not found' });
    }
    const unknown = await app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM post_views WHERE post_id = ${MISSING}::uuid`,
    );
    expect(unknown.rows[0]?.n).toBe(0);
  });

  it('counts a view once per visitor per post per day, whatever ts the client sends', async () => {
    const view = (visitor: string, body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/view`,
        headers: { 'x-visitor-id': signedVisitor(app, visitor) },
        payload: body,
      });
    expect((await view(VISITOR_A, { anonId: signedVisitor(app, VISITOR_A), ts: Date.now() })).json()).toEqual({
      success: true,
      viewsCount: 1,
    });
    expect((await view(VISITOR_A, { anonId: signedVisitor(app, VISITOR_A), ts: Date.now() + 86_400_000 * 3 })).json()).toEqual({
      success: true,
      viewsCount: 1,
    });
    expect((await view(VISITOR_B, { anonId: signedVisitor(app, VISITOR_B), ts: 0 })).json()).toEqual({
      success: true,
      viewsCount: 2,
    });
  });

  it('takes the body anonId when no header is sent; refuses a view with no visitor at all', async () => {
    const anon = await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      payload: { anonId: signedVisitor(app, 'anon-body-visitor'), ts: 1 },
    });
    expect(anon.json()).toEqual({ success: true, viewsCount: 3 });
    const none = await app.inject({ method: 'POST', url: `/api/posts/${postId}/view`, payload: {} });
    expect(none.statusCode).toBe(400);
    const badBody = await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A), 'content-type': 'application/json' },
      payload: '{"ts":"soon"',
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toBe('Request body is not valid JSON');
  });

  it('a view on another day counts again', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(viewDay(tomorrow)).not.toBe(viewDay());
    const result = await app.engagementRepository.view(postId, VISITOR_A, tomorrow);
    expect(result.viewsCount).toBe(4);
  });

  it('counts the India calendar day, not UTC', () => {
    expect(viewDay(new Date('2026-11-21T19:00:00Z'))).toBe('2026-11-22');
    expect(viewDay(new Date('2026-11-21T18:00:00Z'))).toBe('2026-11-21');
  });
});

const PER_MIN = 3;
const EVENTS_PER_MIN = 2;
/** engagement-limits.ts: each IP gets 4× a visitor's budget. */
const IP_FACTOR = 4;

/** A 429 in the error shape of docs/product.md §8, with a clear message and a Retry-After that says the same. */
function expectTooMany(res: LightMyRequestResponse | undefined) {
  expect(res?.statusCode).toBe(429);
  const body = res?.json();
  expect(body).toEqual({ message: expect.stringMatching(/^Too many requests\. Please wait \d+ seconds and try again\.$/) });
  const retryAfter = Number(res?.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(body.message).toBe(`Too many requests. Please wait ${retryAfter} seconds and try again.`);
}

describe('abuse limits', () => {
  let app: TestApp;
  let postId: string;
  beforeAll(async () => {
    app = await buildTestApp({
      RATE_LIMIT_ENGAGEMENT_PER_MIN: String(PER_MIN),
      RATE_LIMIT_EVENTS_PER_MIN: String(EVENTS_PER_MIN),
    });
    postId = (await createPost(app.dbHandle.db, await createBusiness(app.dbHandle.db))).id;
  });
  afterAll(() => app.close());

  type Action = 'like' | 'view' | 'events';
  /** One request of an action, from a visitor at an address (each test uses addresses of its own). */
  const act = (action: Action, visitor: string, remoteAddress: string) => {
    const headers = { 'x-visitor-id': signedVisitor(app, visitor) };
    if (action === 'events') {
      return app.inject({
        method: 'POST',
        url: '/api/events',
        headers,
        remoteAddress,
        payload: { events: [{ name: 'page_view' }] },
      });
    }
    const payload = action === 'view' ? { anonId: signedVisitor(app, visitor), ts: Date.now() } : undefined;
    return app.inject({ method: 'POST', url: `/api/posts/${postId}/${action}`, headers, remoteAddress, payload });
  };

  it('answers 429 with a clear message once a visitor passes the limit', async () => {
    const visitor = `limit-${Date.now()}`;
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({
        method: 'POST',
        url: `/api/posts/${postId}/like`,
        headers: { 'x-visitor-id': signedVisitor(app, visitor) },
      });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expectTooMany(last);
  });

  it('limits event batches too', async () => {
    const visitor = `events-${Date.now()}`;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'x-visitor-id': signedVisitor(app, visitor) },
        payload: { events: [{ name: 'page_view' }] },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expectTooMany(await send());
  });

  it('limits views per visitor; the visitor keeps other actions’ budgets and other visitors keep theirs', async () => {
    const ip = '10.20.0.1';
    const codes: number[] = [];
    let last;
    for (let i = 0; i <= PER_MIN; i++) {
      last = await act('view', 'view-limit-visitor', ip);
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([...Array<number>(PER_MIN).fill(200), 429]);
    expectTooMany(last);
    // The view count did not move for the repeats, nor for the refused one.
    const post = await app.inject({ method: 'GET', url: `/api/posts/${postId}` });
    const viewsCount = post.json().viewsCount;
    expect(viewsCount).toBe(1);
    expect((await act('like', 'view-limit-visitor', ip)).statusCode).toBe(200);
    const other = await act('view', 'view-limit-other', ip);
    expect(other.json()).toEqual({ success: true, viewsCount: viewsCount + 1 });
  });

  it.each<[Action, number]>([
    ['like', PER_MIN],
    ['view', PER_MIN],
    ['events', EVENTS_PER_MIN],
  ])('limits %s per IP too: new visitor ids from one address do not get past it', async (action, perMin) => {
    const n = ['like', 'view', 'events'].indexOf(action);
    const ip = `10.30.${n}.1`;
    const ipBudget = perMin * IP_FACTOR;
    const codes: number[] = [];
    for (let i = 0; i < ipBudget; i++) codes.push((await act(action, `${action}-rotating-${i}`, ip)).statusCode);
    expect(codes).toEqual(Array<number>(ipBudget).fill(200));
    // A visitor id never seen before, from the same address: refused by the address's budget.
    expectTooMany(await act(action, `${action}-rotating-fresh`, ip));
    // The same fresh visitor from another address is served: the limit is the address's.
    expect((await act(action, `${action}-rotating-fresh`, `10.31.${n}.1`)).statusCode).toBe(200);
  });
});
