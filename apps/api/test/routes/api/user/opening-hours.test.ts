import {
  type AppUser,
  type BusinessProfile,
  COUNTER_MESSAGES,
  type OpeningHours,
  type Post,
  UPI_MESSAGES,
} from '@aaspaas/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const DAY_MS = 86_400_000;
const IST_MS = 330 * 60_000;

/**
 * Midnight India time of a Monday at least a week from now: the clock is set there and on, never
 * before the real one (a token signed before an account's sessions_valid_after is refused).
 */
function mondayAhead(): number {
  const midnight = Math.floor((Date.now() + IST_MS) / DAY_MS) * DAY_MS - IST_MS + 7 * DAY_MS;
  const weekday = (new Date(midnight + IST_MS).getUTCDay() + 6) % 7;
  return midnight + (7 - weekday) * DAY_MS;
}
const MONDAY = mondayAhead();
/** An instant `day` days after that Monday's midnight, at India time `hhmm`. */
const at = (day: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(MONDAY + day * DAY_MS + (h! * 60 + m!) * 60_000);
};
const week = (ranges: OpeningHours['days'][number]) => Array.from({ length: 7 }, () => ranges);

describe('opening hours and open now (docs/product.md §3, Opening hours)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => app.close());

  /** Sets the server's clock (Date only: the database's own now() is untouched). */
  function clock(to: Date) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(to);
  }

  async function shopWithHours(hours: OpeningHours, extra: Record<string, unknown> = {}) {
    const shop = await createBusiness(app.dbHandle.db, { lat: 12.97, lon: 77.59 });
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers: await authHeader(app, shop),
      payload: { hours, ...extra },
    });
    expect(res.statusCode, res.body).toBe(200);
    return shop;
  }

  const profile = async (id: string) => (await app.inject({ url: `/api/public/business/${id}` })).json<BusinessProfile>();
  const status = async (id: string) => {
    const p = await profile(id);
    return { openNow: p.openNow, openChangesAt: p.openChangesAt };
  };

  it('keeps split ranges and answers open now right at their boundaries', async () => {
    clock(at(0, '05:00'));
    const shop = await shopWithHours({
      days: week([
        { opens: '07:00', closes: '13:00' },
        { opens: '16:00', closes: '22:00' },
      ]),
      holidays: [],
    });
    const me = (await app.inject({ url: '/api/user/me', headers: await authHeader(app, shop) })).json<AppUser>();
    expect(me.hours?.days[0]).toEqual([
      { opens: '07:00', closes: '13:00' },
      { opens: '16:00', closes: '22:00' },
    ]);
    clock(at(0, '06:59'));
    expect(await status(shop.id)).toEqual({ openNow: false, openChangesAt: at(0, '07:00').toISOString() });
    clock(at(0, '07:00'));
    expect(await status(shop.id)).toEqual({ openNow: true, openChangesAt: at(0, '13:00').toISOString() });
    clock(at(0, '13:00'));
    expect(await status(shop.id)).toEqual({ openNow: false, openChangesAt: at(0, '16:00').toISOString() });
    clock(at(0, '21:59'));
    expect(await status(shop.id)).toEqual({ openNow: true, openChangesAt: at(0, '22:00').toISOString() });
  });

  it('runs an overnight range past midnight, in the profile and in the feed’s filter', async () => {
    clock(at(0, '12:00'));
    const shop = await shopWithHours({ days: week([{ opens: '18:00', closes: '02:00' }]), holidays: [] });
    const post = await createPost(app.dbHandle.db, shop, { content: 'Late night chai' });
    const openIds = async () => {
      const res = await app.inject({ url: '/api/feed?lat=12.97&lon=77.59&radiusKm=5&openNow=true' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Post[]>().map((p) => p.id);
    };
    clock(at(1, '01:59'));
    expect(await status(shop.id)).toEqual({ openNow: true, openChangesAt: at(1, '02:00').toISOString() });
    expect(await openIds()).toContain(post.id);
    clock(at(1, '02:00'));
    expect(await status(shop.id)).toEqual({ openNow: false, openChangesAt: at(1, '18:00').toISOString() });
    expect(await openIds()).not.toContain(post.id);
    // Sunday night runs into Monday, the week's start.
    clock(at(7, '00:30'));
    expect((await status(shop.id)).openNow).toBe(true);
    expect(await openIds()).toContain(post.id);
  });

  it('"Closed today" closes until midnight India time, then the week rules again', async () => {
    clock(at(2, '10:00'));
    const shop = await shopWithHours({ days: week([{ opens: '00:00', closes: '24:00' }]), holidays: [] }, { closure: 'today' });
    const post = await createPost(app.dbHandle.db, shop, { content: 'Closed for a family function' });
    const feed = async () =>
      (await app.inject({ url: '/api/feed?lat=12.97&lon=77.59&radiusKm=5&openNow=true' })).json<Post[]>().map((p) => p.id);
    expect(await status(shop.id)).toEqual({ openNow: false, openChangesAt: at(3, '00:00').toISOString() });
    expect((await profile(shop.id)).closedUntil).toBe(at(3, '00:00').toISOString());
    expect(await feed()).not.toContain(post.id);
    clock(new Date(at(3, '00:00').getTime() - 1000));
    expect((await status(shop.id)).openNow).toBe(false);
    clock(at(3, '00:00'));
    expect(await status(shop.id)).toEqual({ openNow: true, openChangesAt: null });
    expect((await profile(shop.id)).closedUntil).toBeNull();
    expect(await feed()).toContain(post.id);
  });

  it('"Back at 5 pm" opens at 5 pm; a time already past is refused with a message', async () => {
    clock(at(2, '15:00'));
    const shop = await shopWithHours({ days: week([{ opens: '09:00', closes: '21:00' }]), holidays: [] }, { closure: '17:00' });
    expect(await status(shop.id)).toEqual({ openNow: false, openChangesAt: at(2, '17:00').toISOString() });
    const headers = await authHeader(app, shop);
    const past = await app.inject({ method: 'PUT', url: '/api/user/me', headers, payload: { closure: '14:00' } });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ message: COUNTER_MESSAGES.timePassed });
    const reopen = await app.inject({ method: 'PUT', url: '/api/user/me', headers, payload: { closure: null } });
    expect(reopen.json<AppUser>().closedUntil).toBeNull();
    expect(await status(shop.id)).toEqual({ openNow: true, openChangesAt: at(2, '21:00').toISOString() });
  });

  it('a holiday closes its India day, midnight to midnight', async () => {
    clock(at(0, '08:00'));
    const holiday = new Date(at(1, '00:00').getTime() + IST_MS).toISOString().slice(0, 10);
    const shop = await shopWithHours({ days: week([{ opens: '09:00', closes: '21:00' }]), holidays: [holiday] });
    clock(at(1, '12:00'));
    expect(await status(shop.id)).toEqual({ openNow: false, openChangesAt: at(2, '09:00').toISOString() });
    clock(at(2, '12:00'));
    expect((await status(shop.id)).openNow).toBe(true);
  });

  it('answers null without hours; the filter leaves such a shop out', async () => {
    const shop = await createBusiness(app.dbHandle.db, { lat: 28.61, lon: 77.2 });
    const post = await createPost(app.dbHandle.db, shop);
    expect(await status(shop.id)).toEqual({ openNow: null, openChangesAt: null });
    const all = (await app.inject({ url: '/api/feed?lat=28.61&lon=77.2&radiusKm=5' })).json<Post[]>();
    expect(all.find((p) => p.id === post.id)).toMatchObject({ openNow: null, openChangesAt: null });
    const open = (await app.inject({ url: '/api/feed?lat=28.61&lon=77.2&radiusKm=5&openNow=true' })).json<Post[]>();
    expect(open.map((p) => p.id)).not.toContain(post.id);
  });

  it('refuses bad hours and a bad UPI ID with a clear 400', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const headers = await authHeader(app, shop);
    const badVpa = await app.inject({ method: 'PUT', url: '/api/user/me', headers, payload: { upiId: 'kumar store' } });
    expect(badVpa.statusCode).toBe(400);
    expect(badVpa.json<{ message: string }>().message).toContain(UPI_MESSAGES.invalid);
    const badHours = await app.inject({
      method: 'PUT',
      url: '/api/user/me',
      headers,
      payload: { hours: { days: week([{ opens: '25:00', closes: '10:00' }]) } },
    });
    expect(badHours.statusCode).toBe(400);
    expect(badHours.json<{ message: string }>().message).toContain('HH:MM');
    const good = await app.inject({ method: 'PUT', url: '/api/user/me', headers, payload: { upiId: 'Kumar.Store@OkAxis' } });
    expect(good.json<AppUser>().upiId).toBe('kumar.store@okaxis');
    expect((await profile(shop.id)).upiId).toBe('kumar.store@okaxis');
  });
});
