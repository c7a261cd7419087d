import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBusiness, createPost, type TestApp, VISITOR_A, VISITOR_B } from '../../../helper';
import { viewDay } from '../../../../src/plugins/app/posts/engagement-repository';

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
    app.inject({ method, url: `/api/posts/${id}/like`, headers: visitor ? { 'x-visitor-id': visitor } : {} });

  it('counts one like per visitor: liking again does not add', async () => {
    expect((await like('POST', VISITOR_A)).json()).toEqual({ success: true, likesCount: 1, liked: true });
    expect((await like('POST', VISITOR_A)).json()).toEqual({ success: true, likesCount: 1, liked: true });
    expect((await like('POST', VISITOR_B)).json()).toEqual({ success: true, likesCount: 2, liked: true });
  });

  it('shows the visitor their own likes in the feed and on the post', async () => {
    const mine = await app.inject({ method: 'GET', url: `/api/posts/${postId}`, headers: { 'x-visitor-id': VISITOR_A } });
    expect(mine.json()).toMatchObject({ id: postId, likesCount: 2, likedByMe: true });
    const feed = await app.inject({ method: 'GET', url: '/api/feed', headers: { 'x-visitor-id': 'someone-else-123' } });
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
      cookies: { aaspaas_vid: 'cookie-visitor-42' },
    });
    expect(res.json()).toEqual({ success: true, likesCount: 2, liked: true });
  });

  it('refuses a like without a visitor id, and answers 404 for unknown or malformed post ids', async () => {
    const anonymous = await like('POST', undefined);
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ message: 'Visitor id is missing or malformed: send the X-Visitor-Id header' });
    const badId = await like('POST', 'x');
    expect(badId.statusCode).toBe(400);
    const unknown = await like('POST', VISITOR_A, MISSING);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Post not found' });
    const malformed = await like('POST', VISITOR_A, 'not-a-uuid');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual({ message: 'Post not found' });
    expect((await app.inject({ method: 'GET', url: `/api/posts/${MISSING}` })).statusCode).toBe(404);
  });

  it('counts a view once per visitor per post per day, whatever ts the client sends', async () => {
    const view = (visitor: string, body: object) =>
      app.inject({ method: 'POST', url: `/api/posts/${postId}/view`, headers: { 'x-visitor-id': visitor }, payload: body });
    expect((await view(VISITOR_A, { anonId: VISITOR_A, ts: Date.now() })).json()).toEqual({ success: true, viewsCount: 1 });
    expect((await view(VISITOR_A, { anonId: VISITOR_A, ts: Date.now() + 86_400_000 * 3 })).json()).toEqual({
      success: true,
      viewsCount: 1,
    });
    expect((await view(VISITOR_B, { anonId: VISITOR_B, ts: 0 })).json()).toEqual({ success: true, viewsCount: 2 });
  });

  it('takes the body anonId when no header is sent; refuses a view with no visitor at all', async () => {
    const anon = await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      payload: { anonId: 'anon-body-visitor', ts: 1 },
    });
    expect(anon.json()).toEqual({ success: true, viewsCount: 3 });
    const none = await app.inject({ method: 'POST', url: `/api/posts/${postId}/view`, payload: {} });
    expect(none.statusCode).toBe(400);
    const badBody = await app.inject({
      method: 'POST',
      url: `/api/posts/${postId}/view`,
      headers: { 'x-visitor-id': VISITOR_A, 'content-type': 'application/json' },
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

describe('abuse limits', () => {
  let app: TestApp;
  let postId: string;
  beforeAll(async () => {
    app = await buildTestApp({ RATE_LIMIT_ENGAGEMENT_PER_MIN: '3', RATE_LIMIT_EVENTS_PER_MIN: '2' });
    postId = (await createPost(app.dbHandle.db, await createBusiness(app.dbHandle.db))).id;
  });
  afterAll(() => app.close());

  it('answers 429 with a clear message once a visitor passes the limit', async () => {
    const visitor = `limit-${Date.now()}`;
    const codes: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({ method: 'POST', url: `/api/posts/${postId}/like`, headers: { 'x-visitor-id': visitor } });
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(last?.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
  });

  it('limits event batches too', async () => {
    const visitor = `events-${Date.now()}`;
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/events',
        headers: { 'x-visitor-id': visitor },
        payload: { events: [{ name: 'page_view' }] },
      });
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});
