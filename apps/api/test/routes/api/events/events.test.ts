import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createBusiness, createPost, type TestApp, VISITOR_A } from '../../../helper';

describe('POST /api/events', () => {
  let app: TestApp;
  let postId: string;
  let businessId: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const shop = await createBusiness(app.dbHandle.db);
    businessId = shop.id;
    postId = (await createPost(app.dbHandle.db, shop)).id;
  });
  afterAll(() => app.close());

  const send = (payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/events', headers: { 'x-visitor-id': VISITOR_A }, payload: payload as object });

  it('stores a batch and keeps per-post share and WhatsApp counts', async () => {
    const res = await send({
      events: [
        { name: 'page_view', path: '/' },
        { name: 'post_share', postId, props: { method: 'copy' } },
        { name: 'post_share', postId },
        { name: 'post_whatsapp', postId },
        { name: 'business_view_open', businessId },
        { name: 'feed_engagement', props: { scrolledPosts: 12 } },
      ],
    });
    expect(res.json()).toEqual({ success: true, accepted: 6 });
    const { rows } = await app.db.execute<{ name: string; n: number }>(
      sql`SELECT name, count(*)::int AS n FROM analytics_events WHERE visitor_id = ${VISITOR_A} GROUP BY name ORDER BY name`,
    );
    expect(rows).toEqual([
      { name: 'business_view_open', n: 1 },
      { name: 'feed_engagement', n: 1 },
      { name: 'page_view', n: 1 },
      { name: 'post_share', n: 2 },
      { name: 'post_whatsapp', n: 1 },
    ]);
    const post = await app.inject({ method: 'GET', url: `/api/posts/${postId}` });
    expect(post.json()).toMatchObject({ sharesCount: 2, whatsappCount: 1 });
  });

  it.each([
    [{ events: [] }, 'events must not be empty'],
    [
      { events: [{ name: 'post_hack' }] },
      'name must be one of page_view, post_like, post_view, post_share, post_whatsapp, business_view_open, feed_engagement',
    ],
    [{ events: Array.from({ length: 51 }, () => ({ name: 'page_view' })) }, 'A batch holds at most 50 events'],
    [{}, 'events: Invalid input: expected array, received undefined'],
  ])('refuses a bad batch with 400 and stores nothing of it', async (payload, message) => {
    const before = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events`);
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    const after = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
