import { randomUUID } from 'node:crypto';
import {
  addIndiaMonth,
  type CurrentSubscription,
  type PlanChangeResult,
  SUBSCRIPTION_MESSAGES,
  upgradeCostPaise,
} from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, walletLedger } from '#src/db/schema';
import { createSubscriptionsService, type SubscriptionsService } from '#src/plugins/app/subscriptions/subscriptions-service';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

const DAY_MS = 86_400_000;
const ADMIN = 'plans.admin@aaspaas.in';

describe('subscriptions', () => {
  let app: TestApp;
  let clock: Date;
  let service: SubscriptionsService;
  let adminHeaders: Record<string, string>;
  beforeAll(async () => {
    app = await buildTestApp({ ADMIN_EMAILS: ADMIN });
    // Noon in India on the 31st (the next month is shorter), after the real now: price changes the
    // tests make through the admin routes are then in force at the fake clock's instants.
    clock = new Date('2027-01-31T06:30:00.000Z');
    service = createSubscriptionsService({
      db: app.dbHandle.db,
      pricing: app.pricingRepository,
      ledger: app.ledgerRepository,
      now: () => clock,
    });
    adminHeaders = await authHeader(app, await createBusiness(app.dbHandle.db, { username: ADMIN, emailVerifiedAt: new Date() }));
  });
  afterAll(() => app.close());

  /** A business with `rupees` in its wallet (the welcome credit topped up or spent down by the admin). */
  async function business(paise: number) {
    const user = await createBusiness(app.dbHandle.db);
    const difference = paise - user.balancePaise;
    const movement = { userId: user.id, amountPaise: Math.abs(difference), idempotencyKey: randomUUID(), note: 'test' };
    if (difference > 0) await app.ledgerRepository.credit(app.dbHandle.db, { ...movement, kind: 'admin_credit' });
    if (difference < 0) await app.ledgerRepository.debit(app.dbHandle.db, { ...movement, kind: 'admin_debit' });
    return user;
  }
  const balance = (userId: string) => app.ledgerRepository.balance(userId);
  const ledgerOf = (userId: string) => app.dbHandle.db.select().from(walletLedger).where(eq(walletLedger.userId, userId));

  it('buys a plan from the wallet for one India month; a second purchase is refused; a short balance gets 402 and no plan', async () => {
    const shop = await business(50_000);
    const bought = await service.buy(shop.id, 'dukaan');
    expect(bought.chargedPaise).toBe(19_900);
    expect(bought.subscription).toMatchObject({ planCode: 'dukaan', status: 'active', postsPerMonth: 60, smsPricePaise: 20 });
    // 31 January noon → 28 February noon (India), the month's last day.
    expect(bought.subscription.periodEnd).toBe('2027-02-28T06:30:00.000Z');
    expect(await balance(shop.id)).toBe(50_000 - 19_900);
    await expect(service.buy(shop.id, 'dukaan-plus')).rejects.toMatchObject({ statusCode: 409 });

    const poor = await business(10_000);
    await expect(service.buy(poor.id, 'dukaan')).rejects.toMatchObject({
      statusCode: 402,
      message: 'Not enough balance: add ₹99 to your wallet',
    });
    expect(await service.current(poor.id)).toBeNull();
    expect(await balance(poor.id)).toBe(10_000);
  });

  it('renews at the period end by the job, once however often it runs, at the price in force then', async () => {
    const shop = await business(100_000);
    const { subscription } = await service.buy(shop.id, 'dukaan');
    expect(await service.renewDue(new Date(clock.getTime() + DAY_MS))).toMatchObject({ renewed: 0 });
    // The admin raises the price mid-period: the renewal pays the new one; the purchase kept the old.
    await app.inject({
      method: 'POST',
      url: '/api/admin/pricing/plans',
      headers: adminHeaders,
      payload: { code: 'dukaan', name: 'Dukaan', monthlyPricePaise: 24_900, postsPerMonth: 80, smsPricePaise: 20, active: true },
    });
    const at = new Date(subscription.periodEnd);
    try {
      await service.renewDue(at);
      await service.renewDue(at);
      const renewed = await service.current(shop.id);
      expect(renewed).toMatchObject({
        status: 'active',
        monthlyPricePaise: 24_900,
        postsPerMonth: 80,
        periodStart: subscription.periodEnd,
      });
      expect(renewed?.periodEnd).toBe(addIndiaMonth(at).toISOString());
      expect(await balance(shop.id)).toBe(100_000 - 19_900 - 24_900);
      expect((await ledgerOf(shop.id)).filter((e) => e.kind === 'subscription')).toHaveLength(2);
    } finally {
      await app.inject({
        method: 'POST',
        url: '/api/admin/pricing/plans',
        headers: adminHeaders,
        payload: {
          code: 'dukaan',
          name: 'Dukaan',
          monthlyPricePaise: 19_900,
          postsPerMonth: 60,
          smsPricePaise: 20,
          active: true,
        },
      });
    }
  });

  it('gives 3 days of grace when the renewal cannot be paid, renews if money comes, else falls back to the free tier', async () => {
    const late = await business(19_900 + 5_000);
    const lateSub = (await service.buy(late.id, 'dukaan')).subscription;
    const lapsing = await business(19_900);
    await service.buy(lapsing.id, 'dukaan');
    const end = new Date(lateSub.periodEnd);

    expect(await service.renewDue(end)).toMatchObject({ inGrace: 2 });
    const grace = await service.current(late.id);
    expect(grace).toMatchObject({ status: 'grace', graceUntil: new Date(end.getTime() + 3 * DAY_MS).toISOString() });

    // Money arrives on day 2: the renewal goes through, the new period starting where the old one ended.
    await app.ledgerRepository.credit(app.dbHandle.db, {
      userId: late.id,
      kind: 'admin_credit',
      amountPaise: 20_000,
      idempotencyKey: randomUUID(),
      note: 'test',
    });
    expect(await service.renewDue(new Date(end.getTime() + 2 * DAY_MS))).toMatchObject({ renewed: 1 });
    expect(await service.current(late.id)).toMatchObject({ status: 'active', graceUntil: null, periodStart: lateSub.periodEnd });

    // The other never pays: still on the plan before the grace ends, on the free tier after.
    await service.renewDue(new Date(end.getTime() + 3 * DAY_MS - 1));
    expect((await service.current(lapsing.id))?.status).toBe('grace');
    expect(await service.renewDue(new Date(end.getTime() + 3 * DAY_MS))).toMatchObject({ ended: 1 });
    expect(await service.current(lapsing.id)).toBeNull();
    expect(await balance(lapsing.id)).toBe(0);
  });

  it('cancel keeps the plan to the period end, then ends it without a charge; choosing the plan again undoes it', async () => {
    const shop = await business(100_000);
    const { subscription } = await service.buy(shop.id, 'dukaan');
    const cancelled = await service.cancel(shop.id, subscription.id);
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const undone = await service.change(shop.id, subscription.id, 'dukaan');
    expect(undone.subscription.cancelAtPeriodEnd).toBe(false);
    await service.cancel(shop.id, subscription.id);
    await service.renewDue(new Date(subscription.periodEnd));
    expect(await service.current(shop.id)).toBeNull();
    expect(await balance(shop.id)).toBe(100_000 - 19_900);
  });

  it('an upgrade mid-period charges the difference for the time left, rounded down; a downgrade waits for the renewal', async () => {
    const shop = await business(100_000);
    const bought = (await service.buy(shop.id, 'dukaan')).subscription;
    const start = clock;
    try {
      clock = new Date(start.getTime() + 10 * DAY_MS + 12_345);
      const expected = upgradeCostPaise(19_900, 49_900, new Date(bought.periodStart), new Date(bought.periodEnd), clock);
      // 28 days in the period, 18 left less 12 s: 30,000 × 25,919 / 40,320 minutes = 19,284.97 → 19,284 paise.
      expect(expected).toBe(19_284);
      const up = await service.change(shop.id, bought.id, 'dukaan-plus');
      expect(up.chargedPaise).toBe(expected);
      expect(up.subscription).toMatchObject({ planCode: 'dukaan-plus', postsPerMonth: null, periodEnd: bought.periodEnd });
      expect(await balance(shop.id)).toBe(100_000 - 19_900 - expected);

      const down = await service.change(shop.id, bought.id, 'dukaan');
      expect(down).toMatchObject({
        chargedPaise: 0,
        subscription: { planCode: 'dukaan-plus', nextPlanCode: 'dukaan', nextPlanName: 'Dukaan' },
      });
      await service.renewDue(new Date(bought.periodEnd));
      expect(await service.current(shop.id)).toMatchObject({ planCode: 'dukaan', monthlyPricePaise: 19_900, nextPlanCode: null });
      expect(await balance(shop.id)).toBe(100_000 - 19_900 - expected - 19_900);
    } finally {
      clock = start;
    }
  });

  describe('routes', () => {
    it('buy, read, change and cancel over HTTP; another business’s subscription is 404 and untouched', async () => {
      const a = await business(100_000);
      const b = await business(100_000);
      const [ha, hb] = [await authHeader(app, a), await authHeader(app, b)];
      expect((await app.inject({ url: '/api/subscriptions/current', headers: ha })).json()).toEqual({ subscription: null });

      const buy = await app.inject({ method: 'POST', url: '/api/subscriptions', headers: ha, payload: { planCode: 'dukaan' } });
      expect(buy.statusCode).toBe(201);
      const { subscription } = buy.json<PlanChangeResult>();
      expect(
        (await app.inject({ url: '/api/subscriptions/current', headers: ha })).json<CurrentSubscription>().subscription?.id,
      ).toBe(subscription.id);

      for (const [url, payload] of [
        [`/api/subscriptions/${subscription.id}/cancel`, undefined],
        [`/api/subscriptions/${subscription.id}/change`, { planCode: 'dukaan-plus' }],
      ] as const) {
        const res = await app.inject({ method: 'POST', url, headers: hb, payload });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.notFound });
      }
      expect((await app.inject({ url: '/api/subscriptions/current', headers: hb })).json()).toEqual({ subscription: null });
      const stillA = await service.current(a.id);
      expect(stillA).toMatchObject({ planCode: 'dukaan', cancelAtPeriodEnd: false });
      expect(await balance(b.id)).toBe(100_000);

      const cancel = await app.inject({ method: 'POST', url: `/api/subscriptions/${subscription.id}/cancel`, headers: ha });
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json<CurrentSubscription>().subscription?.cancelAtPeriodEnd).toBe(true);
    });

    it('refuses an unknown or retired plan, a malformed id (404, like a missing one), and a wallet that cannot pay, writing nothing', async () => {
      const shop = await business(5_000);
      const headers = await authHeader(app, shop);
      const unknown = await app.inject({
        method: 'POST',
        url: '/api/subscriptions',
        headers,
        payload: { planCode: 'no-such-plan' },
      });
      expect(unknown.statusCode).toBe(404);
      const poor = await app.inject({ method: 'POST', url: '/api/subscriptions', headers, payload: { planCode: 'dukaan' } });
      expect(poor.statusCode).toBe(402);
      expect(poor.json()).toEqual({ message: 'Not enough balance: add ₹149 to your wallet' });
      const badId = await app.inject({ method: 'POST', url: '/api/subscriptions/not-a-uuid/cancel', headers });
      expect(badId.statusCode).toBe(404);
      expect(await service.current(shop.id)).toBeNull();
      const [row] = await app.dbHandle.db.select({ b: users.balancePaise }).from(users).where(eq(users.id, shop.id));
      expect(row?.b).toBe(5_000);
    });
  });
});
