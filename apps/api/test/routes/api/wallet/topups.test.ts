import { randomUUID } from 'node:crypto';
import {
  formatReceiptNumber,
  indianFinancialYear,
  type Topup,
  type TopupCheckout,
  WALLET_MESSAGES,
  type WalletHistory,
} from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { topups, type UserRow } from '#src/db/schema';
import { RECONCILE_JOB } from '#src/plugins/app/wallet/topups-service';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { type LocalRazorpay, startLocalRazorpay } from './local-razorpay';

describe('wallet top-ups through Razorpay (the real SDK against a local Razorpay-compatible server)', () => {
  let app: TestApp;
  let razorpay: LocalRazorpay;
  beforeAll(async () => {
    razorpay = await startLocalRazorpay(() => app);
    // The reconciliation job runs in this file: recurring jobs on.
    app = await buildTestApp({ ...razorpay.env, JOBS_RECURRING: 'true' });
  });
  afterAll(async () => {
    await app.close();
    await razorpay.close();
  });

  async function balanceOf(user: UserRow) {
    const res = await app.inject({ method: 'GET', url: '/api/wallet', headers: await authHeader(app, user) });
    return res.json<{ balancePaise: number }>().balancePaise;
  }
  /** sum(ledger) = balance for the business. */
  async function expectBooksBalance(user: UserRow) {
    const { rows } = await app.db.execute<{ sum: string; balance: number }>(sql`
      select (select coalesce(sum(amount_paise), 0) from wallet_ledger where user_id = ${user.id})::text as sum,
             (select balance_paise from users where id = ${user.id}) as balance`);
    expect(Number(rows[0]?.sum)).toBe(rows[0]?.balance);
  }
  async function startTopup(user: UserRow, amountPaise: number): Promise<TopupCheckout> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: await authHeader(app, user),
      payload: { amountPaise },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<TopupCheckout>();
  }
  async function verify(user: UserRow, topupId: string, body: object) {
    return app.inject({
      method: 'POST',
      url: `/api/wallet/topups/${topupId}/verify`,
      headers: await authHeader(app, user),
      payload: body,
    });
  }

  it('refuses amounts out of range, fractional, negative or not numbers with a message, and starts nothing', async () => {
    const shop = await createBusiness(app.db);
    for (const amountPaise of [999, 5_000_001, 1000.5, -5000, 0, '50000', null]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/wallet/topups',
        headers: await authHeader(app, shop),
        payload: { amountPaise },
      });
      expect(res.statusCode, String(amountPaise)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(
        new RegExp(`${WALLET_MESSAGES.amountRange.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|${WALLET_MESSAGES.amountInteger}`),
      );
    }
    expect(await app.db.select().from(topups).where(eq(topups.userId, shop.id))).toEqual([]);
  });

  it('creates an order with the SDK (receipt = our top-up id) and answers what Checkout needs, prefilled', async () => {
    const shop = await createBusiness(app.db, { name: 'Asha Patel', mobileNumber: '9820012345' });
    const checkout = await startTopup(shop, 50_000);
    expect(checkout).toMatchObject({
      gateway: 'razorpay',
      keyId: razorpay.env.RAZORPAY_KEY_ID,
      amountPaise: 50_000,
      currency: 'INR',
      prefill: { name: 'Asha Patel', email: shop.username, contact: '9820012345' },
      testCheckoutUrl: null,
      topup: { status: 'created', amountPaise: 50_000, receiptNumber: null },
    });
    const order = razorpay.simulator.orders.get(checkout.orderId);
    expect(order).toMatchObject({ amount: 50_000, currency: 'INR', receipt: checkout.topup.id });
  });

  it('verify credits what Razorpay captured, once, with a receipt numbered in the financial year; a client claiming more gets the captured amount', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 200_000);
    // The payer paid ₹100 of a ₹2,000 order; the client says ₹2,000 (and more).
    const { checkout: result } = await razorpay.simulator.pay(checkout.orderId, { amount: 10_000, deliverWebhooks: false });
    const res = await verify(shop, checkout.topup.id, { ...result, amountPaise: 50_000_00, amount: 50_000_00 });
    expect(res.statusCode, res.body).toBe(200);
    const topup = res.json<Topup>();
    expect(topup).toMatchObject({ status: 'paid', creditedPaise: 10_000 });
    expect(topup.receiptNumber).toMatch(new RegExp(`^AAS/${indianFinancialYear(new Date())}/\\d{6}$`));
    expect(await balanceOf(shop)).toBe(20_000);
    // Again: the same answer, no second credit.
    expect((await verify(shop, checkout.topup.id, result)).json<Topup>().receiptNumber).toBe(topup.receiptNumber);
    expect(await balanceOf(shop)).toBe(20_000);
    await expectBooksBalance(shop);
    const history = (
      await app.inject({ method: 'GET', url: '/api/wallet/history?filter=in', headers: await authHeader(app, shop) })
    ).json<WalletHistory>();
    expect(history.entries[0]).toMatchObject({
      kind: 'topup',
      amountPaise: 10_000,
      receiptNumber: topup.receiptNumber,
      causeId: topup.id,
    });
  });

  it('a forged signature (verify and webhook) is a 400 and credits nothing', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 50_000);
    const { checkout: result } = await razorpay.simulator.pay(checkout.orderId, { deliverWebhooks: false });
    const forged = await verify(shop, checkout.topup.id, { ...result, razorpay_signature: 'f'.repeat(64) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ message: WALLET_MESSAGES.invalidSignature });
    // A real signature of another order does not fit this one either.
    const other = await startTopup(shop, 50_000);
    const { checkout: otherResult } = await razorpay.simulator.pay(other.orderId, { deliverWebhooks: false });
    expect((await verify(shop, checkout.topup.id, { ...otherResult })).statusCode).toBe(400);

    const webhook = razorpay.simulator.webhooks.at(-1)!;
    for (const headers of <Record<string, string>[]>[
      { ...webhook.headers, 'x-razorpay-signature': 'a'.repeat(64) },
      { 'content-type': 'application/json', 'x-razorpay-event-id': 'evt_forged' },
    ]) {
      expect(await razorpay.deliver({ body: webhook.body, headers })).toBe(400);
    }
    // The right signature over a changed body does not pass.
    expect(
      await razorpay.deliver({ body: webhook.body.replace('"amount":50000', '"amount":5000000'), headers: webhook.headers }),
    ).toBe(400);
    expect(await balanceOf(shop)).toBe(10_000);
    await expectBooksBalance(shop);
  });

  it('one webhook delivered 10 times, and both of its events, credit once', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 75_000);
    await razorpay.simulator.pay(checkout.orderId, { deliverWebhooks: false });
    const [captured, orderPaid] = razorpay.simulator.webhooks.slice(-2);
    const statuses = await Promise.all(Array.from({ length: 10 }, () => razorpay.deliver(captured!)));
    expect(statuses).toEqual(Array(10).fill(200));
    expect(await razorpay.deliver(orderPaid!)).toBe(200);
    expect(await balanceOf(shop)).toBe(85_000);
    await expectBooksBalance(shop);
  });

  it('verify and webhook racing credit once', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 30_000);
    const { checkout: result } = await razorpay.simulator.pay(checkout.orderId, { deliverWebhooks: false });
    const [captured, orderPaid] = razorpay.simulator.webhooks.slice(-2);
    const [v1, w1, w2, v2] = await Promise.all([
      verify(shop, checkout.topup.id, result),
      razorpay.deliver(orderPaid!),
      razorpay.deliver(captured!),
      verify(shop, checkout.topup.id, result),
    ]);
    expect([v1.statusCode, w1, w2, v2.statusCode]).toEqual([200, 200, 200, 200]);
    expect(await balanceOf(shop)).toBe(40_000);
    await expectBooksBalance(shop);
  });

  it('events in any order: a failed attempt, then a capture of a retry, credit; a refund takes the money back out', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 20_000);
    await razorpay.simulator.fail(checkout.orderId, { deliverWebhooks: false });
    const failed = razorpay.simulator.webhooks.at(-1)!;
    const { payment } = await razorpay.simulator.pay(checkout.orderId, { deliverWebhooks: false });
    const [captured] = razorpay.simulator.webhooks.slice(-2);
    // The capture arrives before the failure of the earlier attempt.
    expect(await razorpay.deliver(captured!)).toBe(200);
    expect(await razorpay.deliver(failed)).toBe(200);
    const topup = await app.inject({
      method: 'GET',
      url: `/api/wallet/topups/${checkout.topup.id}`,
      headers: await authHeader(app, shop),
    });
    expect(topup.json<Topup>().status).toBe('paid');
    expect(await balanceOf(shop)).toBe(30_000);

    await razorpay.simulator.refund(payment.id, 20_000, { deliverWebhooks: false });
    const refund = razorpay.simulator.webhooks.at(-1)!;
    expect(await razorpay.deliver(refund)).toBe(200);
    expect(await razorpay.deliver(refund)).toBe(200);
    expect(await balanceOf(shop)).toBe(10_000);
    await expectBooksBalance(shop);
  });

  it('a failed payment changes nothing but the top-up’s state', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 20_000);
    const payment = await razorpay.simulator.fail(checkout.orderId, { deliverWebhooks: false });
    expect(await razorpay.deliver(razorpay.simulator.webhooks.at(-1)!)).toBe(200);
    const topup = await app.inject({
      method: 'GET',
      url: `/api/wallet/topups/${checkout.topup.id}`,
      headers: await authHeader(app, shop),
    });
    expect(topup.json<Topup>()).toMatchObject({ status: 'failed', creditedPaise: null });
    expect(payment.status).toBe('failed');
    expect(await balanceOf(shop)).toBe(10_000);
  });

  it('a server down between capture and credit credits on restart: the reconciliation job asks Razorpay', async () => {
    const shop = await createBusiness(app.db);
    const checkout = await startTopup(shop, 60_000);
    // Captured at Razorpay; neither verify nor any webhook reached us.
    await razorpay.simulator.pay(checkout.orderId, { deliverWebhooks: false });
    // Pending for 20 minutes.
    await app.db
      .update(topups)
      .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(topups.id, checkout.topup.id));
    await app.jobsService.send(RECONCILE_JOB, {});
    await vi.waitFor(async () => expect(await balanceOf(shop)).toBe(70_000), { timeout: 30_000, interval: 200 });
    await expectBooksBalance(shop);
  });

  it('receipts: consecutive numbers, a PDF for the owner, 404 for anyone else; another business’s top-up and ledger are 404 or absent', async () => {
    const [shop, other] = [await createBusiness(app.db, { gstNumber: '27AAPFU0939F1ZV' }), await createBusiness(app.db)];
    const numbers: string[] = [];
    const ids: string[] = [];
    for (const amount of [10_000, 20_000]) {
      const checkout = await startTopup(shop, amount);
      const { checkout: result } = await razorpay.simulator.pay(checkout.orderId, { deliverWebhooks: false });
      const topup = (await verify(shop, checkout.topup.id, result)).json<Topup>();
      numbers.push(topup.receiptNumber!);
      ids.push(topup.id);
    }
    const [first, second] = numbers.map((n) => Number(n.split('/')[2]));
    expect(second).toBe(first! + 1);
    expect(numbers[0]).toBe(formatReceiptNumber(indianFinancialYear(new Date()), first!));

    const pdf = await app.inject({ method: 'GET', url: `/api/wallet/receipts/${ids[0]}`, headers: await authHeader(app, shop) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const asOther = await authHeader(app, other);
    for (const [method, url, payload] of [
      ['GET', `/api/wallet/receipts/${ids[0]}`, undefined],
      ['GET', `/api/wallet/topups/${ids[0]}`, undefined],
      ['POST', `/api/wallet/topups/${ids[0]}/verify`, { razorpay_payment_id: 'pay_x', razorpay_signature: 'x' }],
      ['GET', `/api/wallet/receipts/${randomUUID()}`, undefined],
    ] as const) {
      const res = await app.inject({ method, url, headers: asOther, ...(payload ? { payload } : {}) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    const otherHistory = (
      await app.inject({ method: 'GET', url: '/api/wallet/history', headers: asOther })
    ).json<WalletHistory>();
    expect(otherHistory.entries.map((e) => e.kind)).toEqual(['signup_credit']);
  });
});
