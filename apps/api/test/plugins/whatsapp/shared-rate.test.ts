import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helper';
import { mostInOneSecond } from '../sms/per-second';
import { BILL_TEMPLATE, whatsappShop } from '../sms/sms-shop';
import { startCloudApi } from './cloud-api-test-server';

const APP_SECRET = 'meta-app-secret-for-the-rate-test-012345';
const TOKEN = 'EAAGratetesttoken0123456789abcdef';
const WABA = '102290129340666';
const PHONE = '106540352242666';
const RATE = 20;
const RECIPIENTS = 30;
/** A loaded machine's stalls bunch messages that waited for their slots; without a shared rate it is 2 × RATE. */
const SLACK = Math.ceil(RATE / 2);

/**
 * Meta's throughput limit is per business number: two processes sending campaigns from one number
 * share its WHATSAPP_RATE_PER_S through Redis (ADR 057), as SMS shares the aggregator's (ADR 046).
 */
describe('one WhatsApp rate per number: WHATSAPP_RATE_PER_S across every process (ADR 057)', () => {
  let cloud: Awaited<ReturnType<typeof startCloudApi>>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    cloud = await startCloudApi({
      appSecret: APP_SECRET,
      accessToken: TOKEN,
      wabaId: WABA,
      phoneNumberId: PHONE,
      templates: [BILL_TEMPLATE],
    });
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cloud?.close();
  });

  /** A confirmed WhatsApp campaign of RECIPIENTS from the shared number on `app`, numbered from `first`; its id. */
  async function confirmedCampaign(app: TestApp, first: number): Promise<string> {
    const { shop, draft: whatsappDraft } = await whatsappShop(
      app,
      RECIPIENTS,
      first,
      { phoneNumberId: PHONE, wabaId: WABA, accessToken: TOKEN },
      'whatsapp',
    );
    const preview = await app.campaignsService.preview(shop.id, whatsappDraft);
    expect(preview.whatsapp?.recipients).toBe(RECIPIENTS);
    const campaign = await app.campaignsService.create(shop.id, { ...whatsappDraft, name: 'Bills', scheduledAt: null });
    await app.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);
    return campaign.id;
  }

  const settings = (prefix: string) => ({
    WHATSAPP_API_URL: cloud.url,
    WHATSAPP_APP_SECRET: APP_SECRET,
    WHATSAPP_TOKEN_KEY: 'a-key-for-whatsapp-tokens-in-the-rate-test',
    WHATSAPP_RATE_PER_S: String(RATE),
    RATE_LIMIT_PREFIX: prefix,
  });

  /** Runs each campaign on its app at once until every message is handed over; their arrivals at the Cloud API. */
  async function sendAtOnce(runs: [TestApp, string][]): Promise<number[]> {
    const from = cloud.received.length;
    await Promise.all(
      runs.map(async ([app, id]) => {
        for (let turn = 0; turn < 20; turn++) {
          if ((await app.smsSender.run(id, 10_000)).result !== 'later') return;
        }
      }),
    );
    return cloud.received.slice(from).map((m) => m.at);
  }

  it.skipIf(!process.env.REDIS_URL)(
    'two processes sending from one number hand the Cloud API at most its rate in any second',
    async () => {
      // Two processes of one deployment: one Redis, one key prefix (their databases need not be one).
      const prefix = `aaspaas-whatsapp-rate-test-${randomUUID()}:`;
      const a = await buildTestApp(settings(prefix));
      apps.push(a);
      const b = await buildTestApp(settings(prefix));
      apps.push(b);
      const runs: [TestApp, string][] = [
        [a, await confirmedCampaign(a, 400_000_000)],
        [b, await confirmedCampaign(b, 410_000_000)],
      ];
      const arrivals = await sendAtOnce(runs);
      expect(arrivals).toHaveLength(2 * RECIPIENTS);
      // Each alone would send RATE a second: 2 × RATE together without a shared rate.
      expect(mostInOneSecond(arrivals)).toBeLessThanOrEqual(RATE + SLACK);
    },
  );

  it('without Redis one process keeps the number its rate on its own', async () => {
    const app = await buildTestApp({ ...settings(`aaspaas-whatsapp-rate-test-${randomUUID()}:`), REDIS_URL: '' });
    apps.push(app);
    const arrivals = await sendAtOnce([[app, await confirmedCampaign(app, 420_000_000)]]);
    expect(arrivals).toHaveLength(RECIPIENTS);
    expect(mostInOneSecond(arrivals)).toBeLessThanOrEqual(RATE + SLACK);
  });
});
