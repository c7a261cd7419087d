import type { AnalyticsEventName } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewDay } from '#src/plugins/app/posts/engagement-repository';
import {
  buildTestApp,
  createBusiness,
  createPost,
  signedVisitor,
  type TestApp,
  VISITOR_A,
  VISITOR_B,
  visitorUuid,
} from '#test/helper';

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
    app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-visitor-id': signedVisitor(app, VISITOR_A) },
      payload: payload as object,
    });

  it('stores a batch and keeps per-post share and WhatsApp counts (a visitor once per post per day)', async () => {
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
    expect(post.json()).toMatchObject({ sharesCount: 1, whatsappCount: 1 });
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
    expect(res.json()).toMatchObject({ message });
    const after = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events`);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('share and WhatsApp counts cannot be inflated', () => {
  let app: TestApp;
  let postId: string;
  let otherPostId: string;
  beforeAll(async () => {
    app = await buildTestApp();
    const shop = await createBusiness(app.dbHandle.db);
    postId = (await createPost(app.dbHandle.db, shop)).id;
    otherPostId = (await createPost(app.dbHandle.db, shop)).id;
  });
  afterAll(() => app.close());

  const send = (headers: Record<string, string>, events: object[]) =>
    app.inject({ method: 'POST', url: '/api/events', headers, payload: { events } });
  const counts = async (id = postId) => {
    const { sharesCount, whatsappCount } = (await app.inject({ method: 'GET', url: `/api/posts/${id}` })).json();
    return { sharesCount, whatsappCount };
  };
  const stored = async (name: string, id = postId) =>
    (
      await app.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM analytics_events WHERE name = ${name} AND post_id = ${id}::uuid`,
      )
    ).rows[0]?.n;
  const fiveOf = (name: AnalyticsEventName, id = postId) => Array.from({ length: 5 }, () => ({ name, postId: id }));

  it('counts a visitor once per post per day, within a batch and across batches; every event is stored', async () => {
    const visitor = { 'x-visitor-id': signedVisitor(app, VISITOR_A) };
    expect((await send(visitor, fiveOf('post_share'))).json()).toEqual({ success: true, accepted: 5 });
    expect(await counts()).toEqual({ sharesCount: 1, whatsappCount: 0 });
    for (let batch = 0; batch < 3; batch++) {
      expect((await send(visitor, [...fiveOf('post_share'), ...fiveOf('post_whatsapp')])).statusCode).toBe(200);
    }
    expect(await counts()).toEqual({ sharesCount: 1, whatsappCount: 1 });
    expect(await stored('post_share')).toBe(20);
    expect(await stored('post_whatsapp')).toBe(15);
  });

  it('counts another visitor once more, also when the id comes in the cookie (sendBeacon)', async () => {
    await send({ 'x-visitor-id': signedVisitor(app, VISITOR_B) }, [...fiveOf('post_share'), ...fiveOf('post_whatsapp')]);
    expect(await counts()).toEqual({ sharesCount: 2, whatsappCount: 2 });
    const beacon = await app.inject({
      method: 'POST',
      url: '/api/events',
      cookies: { aaspaas_vid: signedVisitor(app, 'cookie-visitor-77') },
      payload: { events: fiveOf('post_share') },
    });
    expect(beacon.statusCode).toBe(200);
    await send({ 'x-visitor-id': signedVisitor(app, 'cookie-visitor-77') }, fiveOf('post_share'));
    expect(await counts()).toEqual({ sharesCount: 3, whatsappCount: 2 });
  });

  it('stores events without a visitor id but does not count them', async () => {
    const before = await stored('post_share', otherPostId);
    const res = await send({}, [...fiveOf('post_share', otherPostId), ...fiveOf('post_whatsapp', otherPostId)]);
    expect(res.json()).toEqual({ success: true, accepted: 10 });
    expect(await stored('post_share', otherPostId)).toBe((before ?? 0) + 5);
    expect(await counts(otherPostId)).toEqual({ sharesCount: 0, whatsappCount: 0 });
  });

  it('stores events with an id the server did not issue but does not count them', async () => {
    for (const invented of ['invented-visitor-1', visitorUuid('invented-visitor-2'), `${visitorUuid('x')}.${'A'.repeat(22)}`]) {
      const res = await send({ 'x-visitor-id': invented }, [
        ...fiveOf('post_share', otherPostId),
        ...fiveOf('post_whatsapp', otherPostId),
      ]);
      expect(res.json()).toEqual({ success: true, accepted: 10 });
    }
    expect(await counts(otherPostId)).toEqual({ sharesCount: 0, whatsappCount: 0 });
  });

  it('stores an event naming an unknown post and still counts the rest of the batch', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await send({ 'x-visitor-id': signedVisitor(app, 'visitor-unknown-post') }, [
      { name: 'post_share', postId: unknown },
      { name: 'post_whatsapp', postId: otherPostId },
    ]);
    expect(res.json()).toEqual({ success: true, accepted: 2 });
    expect(await stored('post_share', unknown)).toBe(1);
    expect(await counts(otherPostId)).toEqual({ sharesCount: 0, whatsappCount: 1 });
  });

  it('counts the same visitor again on the next India day, not the next UTC day', async () => {
    const shares = async () => (await counts(otherPostId)).sharesCount;
    const storedBefore = (await stored('post_share', otherPostId)) ?? 0;
    const visitor = 'visitor-day-boundary';
    const record = (at: string) => app.eventsRepository.record(fiveOf('post_share', otherPostId), visitor, new Date(at));
    // 00:30 and 23:30 on 22 November in India: one day, though two UTC days.
    expect(viewDay(new Date('2026-11-21T19:00:00Z'))).toBe(viewDay(new Date('2026-11-22T18:00:00Z')));
    await record('2026-11-21T19:00:00Z');
    expect(await shares()).toBe(1);
    await record('2026-11-22T18:00:00Z');
    expect(await shares()).toBe(1);
    // 00:01 on 23 November in India (18:31 UTC on the 22nd): a new day.
    await record('2026-11-22T18:31:00Z');
    expect(await shares()).toBe(2);
    expect(await stored('post_share', otherPostId)).toBe(storedBefore + 15);
  });
});
