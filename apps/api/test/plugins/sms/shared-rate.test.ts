import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helper';
import { type HttpGatewayServer, startHttpGateway } from './http-gateway-test-server';
import { mostInOneSecond } from './per-second';
import { billingShop } from './sms-shop';

const AUTH_KEY = 'shared-rate-authkey-0123456789';
const DLR_SECRET = 'shared-rate-dlr-secret-'.repeat(2);
const RATE = 20;
const RECIPIENTS = 30;
/**
 * A loaded machine's stalls bunch messages that waited for their slots (half a second's stall adds
 * half the rate to a window); without a shared rate two senders send twice the rate, every second.
 */
const SLACK = Math.ceil(RATE / 2);

/** A confirmed transactional campaign of RECIPIENTS on `app`, numbered from `first`; its id. */
async function confirmedCampaign(app: TestApp, first: number): Promise<string> {
  const { shop, draft } = await billingShop(app, RECIPIENTS, first);
  const preview = await app.campaignsService.preview(shop.id, draft);
  const campaign = await app.campaignsService.create(shop.id, { ...draft, name: 'Bills', scheduledAt: null });
  await app.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);
  return campaign.id;
}

describe("one SMS rate for the platform: the provider's SMS_RATE_PER_S across every process (ADR 046)", () => {
  let gateway: HttpGatewayServer;
  const apps: TestApp[] = [];
  const env = () => ({
    SMS_HTTP_URL: gateway.url,
    SMS_HTTP_AUTH_KEY: AUTH_KEY,
    SMS_HTTP_DLR_SECRET: DLR_SECRET,
    SMS_RATE_PER_S: String(RATE),
  });

  beforeAll(async () => {
    gateway = await startHttpGateway({ authKey: AUTH_KEY, dlrSecret: DLR_SECRET });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await gateway?.close();
  });

  it.skipIf(!process.env.REDIS_URL)('two processes sending at once hand the gateway at most the rate in any second', async () => {
    // Two processes of one deployment: one Redis, one key prefix (their databases need not be one).
    const shared = { ...env(), RATE_LIMIT_PREFIX: `aaspaas-sms-rate-test-${randomUUID()}:` };
    const a = await buildTestApp(shared);
    apps.push(a);
    const b = await buildTestApp(shared);
    apps.push(b);
    const [first, second] = [await confirmedCampaign(a, 300_000_000), await confirmedCampaign(b, 310_000_000)];
    const from = gateway.received.length;
    const runs = await Promise.all([a.smsSender.run(first), b.smsSender.run(second)]);
    expect(runs.map((r) => r.result)).toEqual(['done', 'done']);
    const arrivals = gateway.received.slice(from).map((m) => m.at);
    expect(arrivals).toHaveLength(2 * RECIPIENTS);
    // Each alone would send RATE a second: 2 × RATE together without a shared rate.
    expect(mostInOneSecond(arrivals)).toBeLessThanOrEqual(RATE + SLACK);
  });

  it('without Redis one process keeps the rate on its own', async () => {
    const app = await buildTestApp({ ...env(), REDIS_URL: '' });
    apps.push(app);
    const id = await confirmedCampaign(app, 320_000_000);
    const from = gateway.received.length;
    expect((await app.smsSender.run(id)).result).toBe('done');
    const arrivals = gateway.received.slice(from).map((m) => m.at);
    expect(arrivals).toHaveLength(RECIPIENTS);
    expect(mostInOneSecond(arrivals)).toBeLessThanOrEqual(RATE + SLACK);
  });
});
