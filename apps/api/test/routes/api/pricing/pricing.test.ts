import {
  DEFAULT_FREE_POSTS_PER_MONTH,
  DEFAULT_PLANS,
  DEFAULT_POST_PRICE_PAISE,
  DEFAULT_SMS_PRICE_PAISE,
  type PlanPricingAdmin,
  type PostPricingAdmin,
  type Pricing,
  PRICING_MESSAGES,
  type SmsPricingAdmin,
} from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

const ADMIN = 'prices.admin@aaspaas.in';

describe('prices set by the admin', () => {
  let app: TestApp;
  let admin: Record<string, string>;
  let business: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    const db = app.dbHandle.db;
    admin = await authHeader(app, await createBusiness(db, { username: ADMIN, emailVerifiedAt: new Date() }));
    business = await authHeader(app, await createBusiness(db));
  });
  afterAll(() => app.close());

  const pricing = async () => (await app.inject({ url: '/api/pricing' })).json<Pricing>();
  const set = (what: string, payload: object, headers = admin) =>
    app.inject({ method: 'POST', url: `/api/admin/pricing/${what}`, payload, headers });

  it('answers the start values to anybody before the admin changes anything', async () => {
    const res = await app.inject({ url: '/api/pricing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      smsPricePaise: DEFAULT_SMS_PRICE_PAISE,
      freePostsPerMonth: DEFAULT_FREE_POSTS_PER_MONTH,
      pricePerPostPaise: DEFAULT_POST_PRICE_PAISE,
      plans: DEFAULT_PLANS.map(({ active: _active, ...plan }) => plan),
    });
  });

  it('keeps every change as a new version with who made it, newest first, and answers the newest', async () => {
    expect((await set('sms', { pricePaise: 30 })).statusCode).toBe(201);
    const second = await set('sms', { pricePaise: 22 });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ pricePaise: 22, changedBy: ADMIN });
    const sms = (await app.inject({ url: '/api/admin/pricing/sms', headers: admin })).json<SmsPricingAdmin>();
    expect(sms.current.pricePaise).toBe(22);
    expect(sms.history.map((h) => h.pricePaise)).toEqual([22, 30]);
    expect((await pricing()).smsPricePaise).toBe(22);

    expect((await set('posts', { freePostsPerMonth: 5, pricePerPostPaise: 1_500 })).statusCode).toBe(201);
    const posts = (await app.inject({ url: '/api/admin/pricing/posts', headers: admin })).json<PostPricingAdmin>();
    expect(posts.current).toMatchObject({ freePostsPerMonth: 5, pricePerPostPaise: 1_500, changedBy: ADMIN });
    expect(posts.history).toHaveLength(1);
    expect(await pricing()).toMatchObject({ freePostsPerMonth: 5, pricePerPostPaise: 1_500 });
  });

  it('adds, changes and retires plans by code; a retired plan is no longer on sale', async () => {
    const plan = {
      code: 'pathshala',
      name: 'Pathshala',
      monthlyPricePaise: 29_900,
      postsPerMonth: 100,
      smsPricePaise: 19,
      active: true,
    };
    expect((await set('plans', plan)).statusCode).toBe(201);
    expect((await set('plans', { ...plan, monthlyPricePaise: 34_900 })).statusCode).toBe(201);
    expect((await set('plans', { ...DEFAULT_PLANS[0], active: false })).statusCode).toBe(201);
    const admin_ = (await app.inject({ url: '/api/admin/pricing/plans', headers: admin })).json<PlanPricingAdmin>();
    expect(admin_.plans.map((p) => [p.code, p.monthlyPricePaise, p.active])).toEqual([
      ['dukaan', 19_900, false],
      ['pathshala', 34_900, true],
      ['dukaan-plus', 49_900, true],
    ]);
    expect(admin_.history.map((h) => h.monthlyPricePaise)).toEqual([19_900, 34_900, 29_900]);
    expect((await pricing()).plans.map((p) => p.code)).toEqual(['pathshala', 'dukaan-plus']);
  });

  it('refuses bad prices with a clear message and writes nothing', async () => {
    const before = (await app.inject({ url: '/api/admin/pricing/sms', headers: admin })).json<SmsPricingAdmin>().history.length;
    const cases: [string, object, string][] = [
      ['sms', { pricePaise: 0 }, PRICING_MESSAGES.smsPriceRange],
      ['sms', { pricePaise: 12.5 }, PRICING_MESSAGES.wholePaise],
      ['sms', { pricePaise: '25' }, PRICING_MESSAGES.wholePaise],
      ['posts', { freePostsPerMonth: -1, pricePerPostPaise: 1_000 }, PRICING_MESSAGES.freePostsRange],
      ['posts', { freePostsPerMonth: 10, pricePerPostPaise: -5 }, PRICING_MESSAGES.postPriceRange],
      [
        'plans',
        { code: 'Big Plan', name: 'Big', monthlyPricePaise: 10_000, postsPerMonth: null, smsPricePaise: 20, active: true },
        PRICING_MESSAGES.planCodeInvalid,
      ],
      [
        'plans',
        { code: 'big', name: ' ', monthlyPricePaise: 10_000, postsPerMonth: null, smsPricePaise: 20, active: true },
        PRICING_MESSAGES.planNameRequired,
      ],
      [
        'plans',
        { code: 'big', name: 'Big', monthlyPricePaise: 50, postsPerMonth: null, smsPricePaise: 20, active: true },
        PRICING_MESSAGES.planPriceRange,
      ],
      [
        'plans',
        { code: 'big', name: 'Big', monthlyPricePaise: 10_000, postsPerMonth: 0, smsPricePaise: 20, active: true },
        PRICING_MESSAGES.planPostsRange,
      ],
    ];
    for (const [what, payload, message] of cases) {
      const res = await set(what, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const after = (await app.inject({ url: '/api/admin/pricing/sms', headers: admin })).json<SmsPricingAdmin>().history.length;
    expect(after).toBe(before);
    expect((await pricing()).plans.some((p) => p.code === 'big')).toBe(false);
  });

  it('lets only the admin read or change prices', async () => {
    expect((await set('sms', { pricePaise: 1 }, business)).statusCode).toBe(403);
    expect((await set('sms', { pricePaise: 1 }, {})).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/pricing/posts', headers: business })).statusCode).toBe(403);
    expect((await pricing()).smsPricePaise).not.toBe(1);
  });
});
