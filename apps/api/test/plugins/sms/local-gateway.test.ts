import fs from 'node:fs';
import path from 'node:path';
import type { SmsCampaign } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../helper';
import { outboxFiles } from '#test/outbox-files';

describe('the local gateway (no provider settings) and the queue’s sender', () => {
  let app: TestApp;
  let outbox: string;

  beforeAll(async () => {
    app = await buildTestApp({
      SMS_SENDER_ENABLED: 'true',
      SMS_ENTITY_ID: '1201159876543210987',
      SMS_OTP_HEADER: 'AASPAS',
      SMS_OTP_TEMPLATE_ID: '1207169999999999999',
    });
    outbox = path.join(app.config.dataDir, 'sms-outbox');
  });

  afterAll(async () => {
    await app?.close();
  });

  it('writes a one-off message to DATA_DIR/sms-outbox once, however often it is asked', async () => {
    expect(app.smsGateway.name).toBe('local');
    const first = await app.smsSender.sendOne({ to: '9000000301', text: 'Your Aaspaas code is 123456', idempotencyKey: 'otp-1' });
    const again = await app.smsSender.sendOne({ to: '9000000301', text: 'Your Aaspaas code is 123456', idempotencyKey: 'otp-1' });
    expect(first.ok && again.ok && first.providerMessageId === again.providerMessageId).toBe(true);
    const files = outboxFiles(outbox);
    expect(files).toHaveLength(1);
    const sms = JSON.parse(fs.readFileSync(path.join(outbox, files[0]!), 'utf8'));
    expect(sms).toMatchObject({
      to: '9000000301',
      header: 'AASPAS',
      entityId: '1201159876543210987',
      templateId: '1207169999999999999',
      text: 'Your Aaspaas code is 123456',
      encoding: 'GSM-7',
      parts: 1,
      idempotencyKey: 'one:otp-1',
    });
    expect(typeof sms.id).toBe('string');
    expect(typeof sms.createdAt).toBe('string');
  });

  /** A business with a service template confirms a campaign to `count` new contacts; its id and API. */
  async function confirmCampaign(count: number, numbersFrom: number) {
    // A confirmed address: its welcome credit pays for messages (docs/product.md §10).
    const shop = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    const auth = await authHeader(app, shop);
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });
    await api('PUT', '/api/sms/dlt/entity', { entityId: '1201151111111111111' });
    const header = (await api('POST', '/api/sms/dlt/headers', { header: 'KUMARS', category: 'service-implicit' })).json();
    const template = (
      await api('POST', '/api/sms/dlt/templates', {
        name: 'Thanks',
        headerId: header.id,
        category: 'service-implicit',
        dltTemplateId: '1207164444444444444',
        text: 'Thank you {#var#} for shopping at Kumar Store',
      })
    ).json();
    await app.db.insert(contacts).values(
      Array.from({ length: count }, (_, i) => ({
        userId: shop.id,
        name: `Customer ${i}`,
        mobileNumber: `9000${String(numbersFrom + i).padStart(6, '0')}`,
        tags: ['festival'],
        consentAt: new Date(),
      })),
    );
    const draft = {
      templateId: template.id,
      audience: { kind: 'tags', tags: ['festival'] },
      variables: [{ kind: 'field', field: 'name' }],
    };
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft)).json();
    const id: string = (await api('POST', '/api/sms/campaigns', { ...draft, name: 'Thanks', scheduledAt: null })).json().id;
    expect((await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise })).statusCode).toBe(
      200,
    );
    /** The campaign once `done` holds for it, or as it is after 60 s. */
    const campaignWhen = async (done: (c: SmsCampaign) => boolean): Promise<SmsCampaign> => {
      const end = Date.now() + 60_000;
      let campaign: SmsCampaign = (await api('GET', `/api/sms/campaigns/${id}`)).json();
      while (!done(campaign) && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 200));
        campaign = (await api('GET', `/api/sms/campaigns/${id}`)).json();
      }
      return campaign;
    };
    return { id, campaignWhen };
  }

  it('sends a confirmed campaign through the pg-boss queue to completion, with delivery reports', async () => {
    const { id, campaignWhen } = await confirmCampaign(25, 400);
    // The receipts of the last batch can come before the sender finds nothing left and completes it.
    const campaign = await campaignWhen((c) => c.progress.delivered >= 25 && c.status === 'completed');
    expect(campaign.status).toBe('completed');
    expect(campaign.progress).toMatchObject({ delivered: 25, queued: 0, failed: 0 });
    expect(fs.readdirSync(outbox).filter((f) => f.startsWith(id))).toHaveLength(25);
  }, 90_000);

  it('applies a delivery report again when the database could not save it the first time', async () => {
    // A real fault of the database: it refuses to mark a message delivered while the trigger is there.
    await app.db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_delivered() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the test refuses this update'; END $$`),
    );
    await app.db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_delivered BEFORE UPDATE ON sms_messages
        FOR EACH ROW WHEN (NEW.status = 'delivered') EXECUTE FUNCTION test_refuse_delivered()`),
    );
    let campaign: SmsCampaign;
    let campaignWhen: Awaited<ReturnType<typeof confirmCampaign>>['campaignWhen'];
    try {
      ({ campaignWhen } = await confirmCampaign(3, 500));
      // Sent, and every receipt came (20 ms after each send) and was refused.
      campaign = await campaignWhen((c) => c.status === 'completed');
      await new Promise((r) => setTimeout(r, 300));
      campaign = await campaignWhen(() => true);
      expect(campaign.progress).toMatchObject({ submitted: 3, delivered: 0 });
    } finally {
      await app.db.execute(sql.raw('DROP TRIGGER test_refuse_delivered ON sms_messages'));
      await app.db.execute(sql.raw('DROP FUNCTION test_refuse_delivered()'));
    }
    // Nobody sends those receipts again: the sender tries them again itself.
    campaign = await campaignWhen((c) => c.progress.delivered >= 3);
    expect(campaign.progress).toMatchObject({ submitted: 0, delivered: 3, failed: 0 });
  }, 90_000);
});
