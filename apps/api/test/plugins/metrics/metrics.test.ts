import type { TopupCheckout } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { logLines } from '#test/log-lines';
import { billingShop } from '#test/plugins/sms/sms-shop';

/** This file's metrics port (the helpers' port range of this test suite). */
const METRICS_PORT = 6201;
const metricsUrl = `http://127.0.0.1:${METRICS_PORT}/metrics`;

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  return res.text();
};

/** The value of one series in Prometheus text (`name{labels} value`), 0 when absent. */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

describe('metrics and request ids, with the server options', () => {
  const logs = logLines();
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp({ HOST: '127.0.0.1', METRICS_PORT: String(METRICS_PORT) }, { logs });
  });
  afterAll(() => app?.close());

  it('serves /metrics on METRICS_PORT with the feed route as a label; the app port answers 404', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/feed?lat=19.07&lon=72.87&radiusKm=10' })).statusCode).toBe(200);
    const text = await scrape();
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/api\/feed".*status_code="200".*\} 1$/m);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
    expect(text).toContain('aaspaas_posts_published_total');
    if (app.dbHandle.kind === 'postgres') expect(text).toMatch(/^db_pool_connections\{pool="main"\} \d+$/m);

    const onAppPort = await app.inject({ method: 'GET', url: '/metrics' });
    expect(onAppPort.statusCode).toBe(404);
    expect((await fetch(`http://127.0.0.1:${METRICS_PORT}/other`)).status).toBe(404);
  });

  it('counts a published post', async () => {
    const before = valueOf(await scrape(), 'aaspaas_posts_published_total');
    const shop = await createBusiness(app.dbHandle.db, { businessCategories: ['Sweets'] });
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: await authHeader(app, shop),
      payload: { content: 'Fresh jalebi every morning', images: [], category: 'sweets', hashtags: [] },
    });
    expect(res.statusCode).toBe(201);
    expect(valueOf(await scrape(), 'aaspaas_posts_published_total')).toBe(before + 1);
  });

  it('counts a credited top-up and a refused debit', async () => {
    const before = await scrape();
    const shop = await createBusiness(app.dbHandle.db);
    const headers = await authHeader(app, shop);
    const checkout = (
      await app.inject({ method: 'POST', url: '/api/wallet/topups', headers, payload: { amountPaise: 20_000 } })
    ).json<TopupCheckout>();
    const paid = await app.inject({
      method: 'POST',
      url: `${checkout.testCheckoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    const debit = app.ledgerRepository.debit(app.db, {
      userId: shop.id,
      kind: 'sms_charge',
      amountPaise: 10_000_000,
      idempotencyKey: `metrics-test:${shop.id}`,
      note: 'More than the balance',
    });
    await expect(debit).rejects.toMatchObject({ statusCode: 402 });
    const after = await scrape();
    for (const series of ['aaspaas_payments_credited_total', 'aaspaas_wallet_debits_refused_total'])
      expect(valueOf(after, series), series).toBe(valueOf(before, series) + 1);
  });

  it('counts SMS submitted and delivered', async () => {
    const before = await scrape();
    const { shop, draft } = await billingShop(app, 2, 300_000_000);
    const preview = await app.campaignsService.preview(shop.id, draft);
    const campaign = await app.campaignsService.create(shop.id, { ...draft, name: 'Bills', scheduledAt: null });
    await app.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);
    const deadline = Date.now() + 30_000;
    while ((await app.smsSender.run(campaign.id)).result !== 'done' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    let text = await scrape();
    const delivered = () => valueOf(text, 'aaspaas_sms_delivered_total') - valueOf(before, 'aaspaas_sms_delivered_total');
    // The local gateway's delivery reports come a moment after the send.
    while (delivered() < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      text = await scrape();
    }
    expect(delivered()).toBe(2);
    expect(valueOf(text, 'aaspaas_sms_submitted_total') - valueOf(before, 'aaspaas_sms_submitted_total')).toBe(2);
    expect(valueOf(text, 'aaspaas_sms_failed_total')).toBe(valueOf(before, 'aaspaas_sms_failed_total'));
  });

  it("reports the job queue's depth and counts failed jobs by queue", async () => {
    await app.jobsService.work('metrics-test', async () => {
      throw new Error('this job fails on purpose');
    });
    await app.jobsService.send('metrics-test', {}, { retryLimit: 0 });
    const deadline = Date.now() + 30_000;
    let text = await scrape();
    while (valueOf(text, 'aaspaas_jobs_failed_total{queue="metrics-test"}') < 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      text = await scrape();
    }
    expect(valueOf(text, 'aaspaas_jobs_failed_total{queue="metrics-test"}')).toBe(1);
    expect(text).toMatch(/^aaspaas_jobs\{queue="metrics-test",state="queued"\} \d+$/m);
  });

  it('takes the request id from X-Request-Id, sends it back and logs it', async () => {
    logs.lines.length = 0;
    const res = await app.inject({ method: 'GET', url: '/api/categories', headers: { 'x-request-id': 'test-123' } });
    expect(res.headers['x-request-id']).toBe('test-123');
    const line = logs.lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ reqId: 'test-123', req: { url: '/api/categories' } });
  });

  it('makes a unique id when there is none, or the given one is not a valid id', async () => {
    const ids = new Set<string>();
    for (const headers of [{}, {}, { 'x-request-id': 'a'.repeat(200) }, { 'x-request-id': 'bad id\nforged: line' }]) {
      const res = await app.inject({ method: 'GET', url: '/api/nothing-here', headers });
      expect(res.statusCode).toBe(404);
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('logs a shortened client address', async () => {
    logs.lines.length = 0;
    await app.inject({ method: 'GET', url: '/api/categories', remoteAddress: '49.207.61.23' });
    const line = logs.lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({ req: { remoteAddress: '49.207.61.0' } });
    expect(logs.text()).not.toContain('49.207.61.23');
  });
});
