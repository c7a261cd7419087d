import { IST_OFFSET_MINUTES, type Insights, PUBLISHING_MESSAGES, indiaDay, indiaDaysUpTo } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postViews } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, createPost, signedVisitor, type TestApp } from '#test/helper';

/** The instant an India day starts, shifted by `minutes`. */
function indiaMidnight(day: string, minutes = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MINUTES * 60_000 + minutes * 60_000);
}

describe('GET /api/user/posts/insights and /api/user/posts/:id/insights', () => {
  let app: TestApp;
  let auth: { authorization: string };
  let postA: string;
  let postB: string;
  let foreignPost: string;
  let days: string[];

  beforeAll(async () => {
    app = await buildTestApp();
    const db = app.dbHandle.db;
    const shop = await createBusiness(db);
    auth = await authHeader(app, shop);
    const other = await createBusiness(db);
    // The taps below add 1 share and 4 WhatsApp enquiries to postA, 1 enquiry to postB.
    postA = (await createPost(db, shop, { viewsCount: 100, likesCount: 4, sharesCount: 1, whatsappCount: 5 })).id;
    postB = (await createPost(db, shop, { viewsCount: 10, likesCount: 1, sharesCount: 0, whatsappCount: 0 })).id;
    foreignPost = (await createPost(db, other)).id;

    // The last 30 India days end today (as the server counts them); 30 days ago is just outside.
    const today = indiaDay(new Date());
    days = indiaDaysUpTo(today, 31);
    const [outside, first, yesterday, last] = [days[0]!, days[1]!, days[29]!, days[30]!];
    const views = (postId: string, day: string, n: number) =>
      Array.from({ length: n }, (_, i) => ({ postId, day, visitorId: `v-${day}-${i}` }));
    await db
      .insert(postViews)
      .values([
        ...views(postA, last, 3),
        ...views(postB, last, 2),
        ...views(postA, yesterday, 5),
        ...views(postA, first, 1),
        ...views(postA, outside, 7),
        ...views(foreignPost, last, 11),
      ]);

    // WhatsApp taps count once per visitor per post by the India day the server got them: a minute
    // before midnight in India is still the previous day, though it is the same UTC day.
    const tap = (postId: string, at: Date, times = 1, name: 'post_whatsapp' | 'post_share' = 'post_whatsapp') =>
      app.eventsRepository.record(
        Array.from({ length: times }, () => ({ name, postId })),
        'insights-tapper',
        at,
      );
    await tap(postA, indiaMidnight(yesterday, 1), 5);
    await tap(postA, indiaMidnight(yesterday, 30)); // the same visitor again that day: not counted
    await tap(postA, indiaMidnight(yesterday, -1));
    await tap(postB, indiaMidnight(yesterday, 60));
    await tap(postA, indiaMidnight(first, 0));
    await tap(postA, indiaMidnight(first, -1));
    await tap(postA, indiaMidnight(yesterday, 5), 1, 'post_share');
    await tap(foreignPost, indiaMidnight(yesterday, 5));
  });
  afterAll(() => app.close());

  const get = async (url: string, headers: Record<string, string> = auth) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json<Insights>() };
  };
  const byDay = (insights: Insights) => Object.fromEntries(insights.days.map((d) => [d.day, d]));

  it('counts views and WhatsApp enquiries per India day for the whole business', async () => {
    const { status, body } = await get('/api/user/posts/insights');
    expect(status).toBe(200);
    const first = days[1]!;
    const rest = days.slice(2);
    const today = rest.at(-1)!;
    const yesterday = rest.at(-2)!;
    const dayBefore = rest.at(-3)!;
    expect(body.from).toBe(first);
    expect(body.to).toBe(today);
    expect(body.days).toHaveLength(30);
    expect(body.days.map((d) => d.day)).toEqual(days.slice(1));
    const d = byDay(body);
    expect(d[today]).toEqual({ day: today, views: 5, whatsapp: 0 });
    expect(d[yesterday]).toEqual({ day: yesterday, views: 5, whatsapp: 2 });
    expect(d[dayBefore]).toEqual({ day: dayBefore, views: 0, whatsapp: 1 });
    expect(d[first]).toEqual({ day: first, views: 1, whatsapp: 1 });
    expect(body.lastDays).toEqual({ views: 11, whatsapp: 4, whatsappReceived: 0 });
    expect(body.lifetime).toEqual({ posts: 2, views: 110, likes: 5, shares: 2, whatsapp: 10, whatsappReceived: 0 });
  });

  it('counts one post alone, and answers 404 for another business’s post', async () => {
    const { body } = await get(`/api/user/posts/${postB}/insights`);
    const today = days.at(-1)!;
    const yesterday = days.at(-2)!;
    expect(byDay(body)[today]).toEqual({ day: today, views: 2, whatsapp: 0 });
    expect(byDay(body)[yesterday]).toEqual({ day: yesterday, views: 0, whatsapp: 1 });
    expect(body.lastDays).toEqual({ views: 2, whatsapp: 1, whatsappReceived: 0 });
    expect(body.lifetime).toEqual({ posts: 1, views: 10, likes: 1, shares: 0, whatsapp: 1, whatsappReceived: 0 });

    const foreign = await app.inject({ method: 'GET', url: `/api/user/posts/${foreignPost}/insights`, headers: auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: PUBLISHING_MESSAGES.postNotFound });
  });

  it('follows what the feed records: a view and a WhatsApp tap today show up today, once per visitor', async () => {
    const before = byDay((await get(`/api/user/posts/${postA}/insights`)).body);
    const today = days.at(-1)!;
    const view = await app.inject({
      method: 'POST',
      url: `/api/posts/${postA}/view`,
      headers: { 'x-visitor-id': signedVisitor(app, 'insights-visitor-1') },
      payload: {},
    });
    expect(view.statusCode).toBe(200);
    const events = await app.inject({
      method: 'POST',
      url: '/api/events',
      headers: { 'x-visitor-id': signedVisitor(app, 'insights-visitor-1') },
      payload: { events: Array.from({ length: 3 }, () => ({ name: 'post_whatsapp', postId: postA })) },
    });
    expect(events.statusCode).toBe(200);
    const { body } = await get(`/api/user/posts/${postA}/insights`);
    expect(byDay(body)[today]).toEqual({
      day: today,
      views: before[today]!.views + 1,
      whatsapp: before[today]!.whatsapp + 1,
    });
    expect(body.lifetime).toMatchObject({ views: 101, whatsapp: 10 });
  });

  it('answers zeros for a business without posts', async () => {
    const empty = await createBusiness(app.dbHandle.db);
    const { body } = await get('/api/user/posts/insights', await authHeader(app, empty));
    expect(body.days).toHaveLength(30);
    expect(body.days.every((d) => d.views === 0 && d.whatsapp === 0)).toBe(true);
    expect(body.lifetime).toEqual({ posts: 0, views: 0, likes: 0, shares: 0, whatsapp: 0, whatsappReceived: 0 });
  });
});
