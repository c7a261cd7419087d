import { createHash } from 'node:crypto';
import type { Topup, TopupCheckout } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';

describe('the built-in test gateway (no Razorpay keys)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('follows order → checkout page → signature → webhook, marked "Test payment — no money moves"', async () => {
    const shop = await createBusiness(app.db);
    const headers = await authHeader(app, shop);
    const checkout = (
      await app.inject({ method: 'POST', url: '/api/wallet/topups', headers, payload: { amountPaise: 100_000 } })
    ).json<TopupCheckout>();
    expect(checkout).toMatchObject({
      gateway: 'test',
      testCheckoutUrl: expect.stringMatching(/^\/api\/payments\/test-gateway\/order_/),
    });

    const page = await app.inject({ method: 'GET', url: checkout.testCheckoutUrl! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test payment — no money moves');
    expect(page.body).toContain('₹1,000');
    // The page's own CSP allows exactly its stylesheet (helmet's would block it and leave it unstyled).
    const style = /<style>([\s\S]*)<\/style>/.exec(page.body)![1]!;
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);

    const paid = await app.inject({
      method: 'POST',
      url: `${checkout.testCheckoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string, 'http://localhost');
    expect(back.pathname).toBe('/success');
    expect(back.searchParams.get('topup')).toBe(checkout.topup.id);
    // The signed webhook already credited it; the browser's verify agrees and changes nothing more.
    const verify = await app.inject({
      method: 'POST',
      url: `/api/wallet/topups/${checkout.topup.id}/verify`,
      headers,
      payload: Object.fromEntries(
        ['razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature'].map((k) => [k, back.searchParams.get(k)]),
      ),
    });
    expect(verify.json<Topup>()).toMatchObject({ status: 'paid', creditedPaise: 100_000 });
    expect((await app.inject({ method: 'GET', url: '/api/wallet', headers })).json()).toEqual({ balancePaise: 110_000 });
  });

  it('a failed test payment comes back as failed and changes nothing', async () => {
    const shop = await createBusiness(app.db);
    const headers = await authHeader(app, shop);
    const checkout = (
      await app.inject({ method: 'POST', url: '/api/wallet/topups', headers, payload: { amountPaise: 50_000 } })
    ).json<TopupCheckout>();
    const failed = await app.inject({ method: 'POST', url: `${checkout.testCheckoutUrl}/fail` });
    expect(failed.statusCode).toBe(303);
    expect(new URL(failed.headers.location as string, 'http://localhost').searchParams.get('status')).toBe('failed');
    const topup = await app.inject({ method: 'GET', url: `/api/wallet/topups/${checkout.topup.id}`, headers });
    expect(topup.json<Topup>().status).toBe('failed');
    expect((await app.inject({ method: 'GET', url: '/api/wallet', headers })).json()).toEqual({ balancePaise: 10_000 });
  });
});

describe('in production without Razorpay keys', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), PUBLIC_URL: 'https://aaspaas.example' });
  });
  afterAll(() => app.close());

  it('refuses the test gateway: top-ups answer 503 and say why', async () => {
    const shop = await createBusiness(app.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/wallet/topups',
      headers: await authHeader(app, shop),
      payload: { amountPaise: 50_000 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Payments are not set up on this server yet' });
  });
});
