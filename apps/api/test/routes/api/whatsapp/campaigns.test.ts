import { DEFAULT_SMS_PRICE_PAISE, DEFAULT_WHATSAPP_PRICES_PAISE, SMS_MESSAGES, WHATSAPP_MESSAGES } from '@aaspaas/domain';
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, smsCampaigns, smsMessages, walletLedger, whatsappMessages } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';
import { startSmppServer } from '../../../plugins/sms/smpp-test-server';
import { type ServerTemplate, startCloudApi, type WebhookPost } from '../../../plugins/whatsapp/cloud-api-test-server';

const APP_SECRET = 'meta-app-secret-for-the-campaign-tests-01';
const ACCESS_TOKEN = 'EAAGcampaigntoken0123456789abcdef';
const WABA = '102290129340777';
const PHONE = '106540352242777';
const ADMIN = 'whatsapp-campaigns-admin@aaspaas.in';
/** WhatsApp reports these undeliverable (131026): one has SMS consent too, one has not. */
const WA_FAILS = '9000000204';
const WA_FAILS_NO_SMS = '9000000304';

const TEMPLATES: ServerTemplate[] = [
  {
    id: '910000000000001',
    name: 'order_ready',
    language: 'en',
    category: 'UTILITY',
    status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }],
  },
  {
    id: '910000000000002',
    name: 'weekly_offer',
    language: 'en',
    category: 'MARKETING',
    status: 'APPROVED',
    components: [
      { type: 'BODY', text: 'Namaste {{1}}! {{2}}' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop promotions' }] },
    ],
  },
  {
    id: '910000000000003',
    name: 'pending_one',
    language: 'en',
    category: 'UTILITY',
    status: 'PENDING',
    components: [{ type: 'BODY', text: 'Soon {{1}}' }],
  },
];

type Cloud = Awaited<ReturnType<typeof startCloudApi>>;
type Smpp = Awaited<ReturnType<typeof startSmppServer>>;

describe('WhatsApp campaigns, and WhatsApp first with SMS for the rest (ADR 050)', () => {
  let app: TestApp;
  let cloud: Cloud;
  let smsc: Smpp;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };
  let admin: { authorization: string };
  let smsTemplateId: string;
  let utilityId: string;
  let marketingId: string;
  let pendingId: string;
  const posts: WebhookPost[] = [];

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, headers = auth) =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
  const hook = (post: WebhookPost) =>
    app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: post.headers, payload: post.body });

  async function until(check: () => Promise<boolean>, ms = 15_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function ledgerSum(userId: string): Promise<number> {
    const [row] = await app.db
      .select({ total: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    return row?.total ?? 0;
  }

  async function sendAll(campaignId: string) {
    for (;;) {
      const { result } = await app.smsSender.run(campaignId, 5_000);
      if (result !== 'later') return result;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const draft = (over: Record<string, unknown> = {}) => ({
    channel: 'whatsapp-first',
    templateId: smsTemplateId,
    audience: { kind: 'all' },
    variables: [{ kind: 'field', field: 'firstName' }],
    whatsappTemplateId: utilityId,
    whatsappVariables: [
      { kind: 'field', field: 'firstName' },
      { kind: 'text', value: 'A-17' },
    ],
    ...over,
  });

  beforeAll(async () => {
    smsc = await startSmppServer();
    cloud = await startCloudApi({
      appSecret: APP_SECRET,
      accessToken: ACCESS_TOKEN,
      wabaId: WABA,
      phoneNumberId: PHONE,
      templates: TEMPLATES,
      failTo: [WA_FAILS, WA_FAILS_NO_SMS],
      deliver: async (post) => {
        posts.push(post);
        await hook(post);
      },
    });
    app = await buildTestApp({
      ADMIN_EMAILS: ADMIN,
      SMS_SMPP_URL: smsc.url,
      SMS_SMPP_SYSTEM_ID: 'aaspaas',
      SMS_SMPP_PASSWORD: 'secret',
      SMS_RATE_PER_S: '50',
      WHATSAPP_API_URL: cloud.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-campaigns',
      WHATSAPP_TOKEN_KEY: 'a-key-for-whatsapp-tokens-in-the-tests-0123',
      WHATSAPP_RATE_PER_S: '20',
    });
    shop = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    auth = await authHeader(app, shop);
    admin = await authHeader(app, await createBusiness(app.db, { username: ADMIN, emailVerifiedAt: new Date() }));
    await app.ledgerRepository.credit(app.db, {
      userId: shop.id,
      kind: 'admin_credit',
      amountPaise: 1_000,
      idempotencyKey: `t:${shop.id}`,
      note: 'test credit',
    });
    await app.dltRepository.setEntity(shop.id, { entityId: '1201159876543210987' });
    const header = await app.dltRepository.addHeader(shop.id, { header: 'KUMARS', category: 'transactional' });
    smsTemplateId = (
      await app.dltRepository.addTemplate(shop.id, {
        name: 'Order ready',
        headerId: header.id,
        category: 'transactional',
        dltTemplateId: '1207161111111111111',
        text: 'Dear {#var#}, your order is ready at Kumar Store',
      })
    ).id;
    const sms = { consentAt: new Date(), consentChannel: 'in_person' as const };
    const wa = { whatsappConsentAt: new Date(), whatsappConsentMethod: 'in_person' as const, whatsappConsentProof: 'test' };
    await app.db.insert(contacts).values([
      { userId: shop.id, name: 'Asha Devi', mobileNumber: '9000000201', ...sms, ...wa },
      { userId: shop.id, name: 'Ravi Kumar', mobileNumber: '9000000202', ...sms },
      { userId: shop.id, name: 'Failing WhatsApp', mobileNumber: WA_FAILS, ...sms, ...wa },
      { userId: shop.id, name: 'Only WhatsApp', mobileNumber: WA_FAILS_NO_SMS, ...wa },
      { userId: shop.id, name: 'No Consent', mobileNumber: '9000000205' },
      { userId: shop.id, name: 'Opted Out', mobileNumber: '9000000206', ...sms, ...wa, optedOut: true, optedOutAt: new Date() },
    ]);
  }, 120_000);

  afterAll(async () => {
    if (cloud) cloud.deliver = undefined;
    await app?.close();
    await cloud?.close();
    await smsc?.close();
  });

  it('refuses WhatsApp campaigns until the number is connected, then only approved templates with every variable', async () => {
    const notConnected = await api('POST', '/api/sms/campaigns/preview', draft({ whatsappTemplateId: smsTemplateId }));
    expect(notConnected.statusCode).toBe(400);
    expect(notConnected.json()).toEqual({ message: WHATSAPP_MESSAGES.notConnected, field: 'whatsappTemplateId' });

    const connected = await api('PUT', '/api/whatsapp/connection', {
      phoneNumberId: PHONE,
      wabaId: WABA,
      accessToken: ACCESS_TOKEN,
    });
    expect(connected.statusCode).toBe(200);
    const templates = connected.json().templates as { id: string; name: string }[];
    utilityId = templates.find((t) => t.name === 'order_ready')!.id;
    marketingId = templates.find((t) => t.name === 'weekly_offer')!.id;
    pendingId = templates.find((t) => t.name === 'pending_one')!.id;

    const pending = await api('POST', '/api/sms/campaigns/preview', draft({ whatsappTemplateId: pendingId }));
    expect(pending.json()).toEqual({ message: SMS_MESSAGES.whatsappTemplateNotApproved, field: 'whatsappTemplateId' });
    const missing = await api('POST', '/api/sms/campaigns/preview', draft({ whatsappVariables: [{ kind: 'text', value: 'x' }] }));
    expect(missing.json()).toEqual({ message: SMS_MESSAGES.whatsappVariablesCount, field: 'whatsappVariables' });
    const noSms = await api('POST', '/api/sms/campaigns/preview', draft({ templateId: null }));
    expect(noSms.json()).toEqual({ message: SMS_MESSAGES.templateNotFound, field: 'templateId' });
    // Another business can use neither this number's templates nor see its contacts.
    const stranger = await authHeader(app, await createBusiness(app.db));
    const foreign = await api('POST', '/api/sms/campaigns/preview', draft({ channel: 'whatsapp', templateId: null }), stranger);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().field).toBe('whatsappTemplateId');
  });

  it('shows the audience per channel and who is left out and why', async () => {
    const count = async (channel: string) =>
      (await api('POST', '/api/sms/campaigns/audience', { audience: { kind: 'all' }, channel })).json();
    expect(await count('sms')).toEqual({
      recipients: 3,
      whatsappRecipients: 0,
      leftOut: { noConsent: 2, optedOut: 1, noWhatsApp: 0 },
    });
    expect(await count('whatsapp')).toEqual({
      recipients: 3,
      whatsappRecipients: 3,
      leftOut: { noConsent: 1, optedOut: 1, noWhatsApp: 1 },
    });
    expect(await count('whatsapp-first')).toEqual({
      recipients: 4,
      whatsappRecipients: 3,
      leftOut: { noConsent: 1, optedOut: 1, noWhatsApp: 0 },
    });
  });

  it('prices each channel, holds marketing templates to the daytime window, and charges once at the cost seen (409 when it changed)', async () => {
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft())).json();
    const wa = DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY;
    expect(preview).toMatchObject({
      channel: 'whatsapp-first',
      recipients: 4,
      smsRecipients: 1,
      smsCostPaise: DEFAULT_SMS_PRICE_PAISE,
      whatsapp: {
        recipients: 3,
        category: 'UTILITY',
        pricePaise: wa,
        costPaise: 3 * wa,
        sample: { contactName: 'Asha Devi', to: '9000000201', text: 'Hello Asha, your order A-17 is ready.' },
      },
      costPaise: DEFAULT_SMS_PRICE_PAISE + 3 * wa,
      fallbackPricePaise: DEFAULT_SMS_PRICE_PAISE,
      windowApplies: false,
    });
    expect(preview.sample.text).toBe('Dear Ravi, your order is ready at Kumar Store');
    const marketing = (
      await api(
        'POST',
        '/api/sms/campaigns/preview',
        draft({ channel: 'whatsapp', templateId: null, whatsappTemplateId: marketingId }),
      )
    ).json();
    expect(marketing).toMatchObject({
      windowApplies: true,
      smsRecipients: 0,
      costPaise: 3 * DEFAULT_WHATSAPP_PRICES_PAISE.MARKETING,
    });

    const created = await api('POST', '/api/sms/campaigns', { ...draft(), name: 'Orders', scheduledAt: null });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ channel: 'whatsapp-first', whatsappRecipients: 3, recipients: 4 });
    const before = await app.ledgerRepository.balance(shop.id);

    // The admin changes the WhatsApp price after the business saw the cost: 409 with the new cost, nothing charged.
    const price = await api('POST', '/api/admin/pricing/whatsapp', { category: 'UTILITY', pricePaise: wa + 5 }, admin);
    expect(price.statusCode).toBe(201);
    const changed = await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toContain('₹');
    expect(await app.ledgerRepository.balance(shop.id)).toBe(before);
    expect(await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, id))).toEqual([]);

    const again = (await api('POST', '/api/sms/campaigns/preview', draft())).json();
    expect(again.costPaise).toBe(DEFAULT_SMS_PRICE_PAISE + 3 * (wa + 5));
    const confirmed = await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: again.costPaise });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'running', costPaise: again.costPaise, whatsappPricePaise: wa + 5 });
    expect(await app.ledgerRepository.balance(shop.id)).toBe(before - again.costPaise);
    // Confirming twice charges nothing more.
    expect((await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: again.costPaise })).statusCode).toBe(409);
    expect(await app.ledgerRepository.balance(shop.id)).toBe(before - again.costPaise);
    const rows = await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, id));
    expect(rows.map((r) => `${r.to}:${r.channel}:${r.costPaise}`).sort()).toEqual([
      `9000000201:whatsapp:${wa + 5}`,
      `9000000202:sms:${DEFAULT_SMS_PRICE_PAISE}`,
      `${WA_FAILS}:whatsapp:${wa + 5}`,
      `${WA_FAILS_NO_SMS}:whatsapp:${wa + 5}`,
    ]);
  });

  it('sends WhatsApp and SMS, refunds a failed WhatsApp message once and sends its SMS at most once; replays and forgeries change nothing', async () => {
    const [campaign] = await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.name, 'Orders'));
    const id = campaign!.id;
    // The statuses are held back until every message went, so the campaign has completed when the
    // failures arrive: the fallback SMS reopens it.
    const held: WebhookPost[] = [];
    cloud.deliver = async (post) => {
      held.push(post);
    };
    expect(await sendAll(id)).toBe('done');
    await until(async () => held.length === 4);
    cloud.deliver = async (post) => {
      posts.push(post);
      await hook(post);
    };
    for (const post of held) {
      posts.push(post);
      expect((await hook(post)).statusCode).toBe(200);
    }
    expect(cloud.received.map((m) => m.to).sort()).toEqual(['919000000201', `91${WA_FAILS}`, `91${WA_FAILS_NO_SMS}`]);
    const asha = cloud.received.find((m) => m.to === '919000000201')!;
    expect(asha.body.template).toEqual({
      name: 'order_ready',
      language: { code: 'en' },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Asha' },
            { type: 'text', text: 'A-17' },
          ],
        },
      ],
    });

    // Statuses come back through the signed webhook: delivered, and the two failures (131026).
    const byTo = async (to: string, channel: 'sms' | 'whatsapp') =>
      (
        await app.db
          .select()
          .from(smsMessages)
          .where(and(eq(smsMessages.campaignId, id), eq(smsMessages.to, to), eq(smsMessages.channel, channel)))
      )[0];
    expect(await byTo('9000000201', 'whatsapp')).toMatchObject({ status: 'delivered', refunded: false });
    expect(await byTo(WA_FAILS, 'whatsapp')).toMatchObject({ status: 'failed', refunded: true });
    expect(await byTo(WA_FAILS_NO_SMS, 'whatsapp')).toMatchObject({ status: 'failed', refunded: true });
    // No SMS consent: no SMS instead.
    expect(await byTo(WA_FAILS_NO_SMS, 'sms')).toBeUndefined();
    const fallback = (await byTo(WA_FAILS, 'sms'))!;
    expect(fallback).toMatchObject({ status: 'queued', fallbackOf: (await byTo(WA_FAILS, 'whatsapp'))!.id });
    const [reopened] = await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.id, id));
    expect(reopened).toMatchObject({ status: 'running', completedAt: null });

    expect(await sendAll(id)).toBe('done');
    await until(async () => (await byTo(WA_FAILS, 'sms'))?.status === 'delivered');
    expect(smsc.received.map((m) => m.to.slice(-10)).sort()).toEqual(['9000000202', WA_FAILS]);
    const history = (await api('GET', `/api/sms/history?campaignId=${id}&channel=whatsapp`)).json().messages as {
      channel: string;
      templateName: string;
    }[];
    expect(history).toHaveLength(3);
    expect(history.every((m) => m.channel === 'whatsapp' && m.templateName === 'order_ready')).toBe(true);

    const snapshot = async () =>
      JSON.stringify({
        messages: await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, id)).orderBy(smsMessages.id),
        ledger: await app.db.select().from(walletLedger).where(eq(walletLedger.userId, shop.id)).orderBy(walletLedger.id),
        campaign: await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.id, id)),
      });
    const before = await snapshot();
    // Meta retries every post; and a failure reported again (or by another path) finds it settled.
    for (const p of posts) expect((await hook(p)).statusCode).toBe(200);
    await app.smsSender.applyWhatsAppStatus({
      providerMessageId: (await byTo(WA_FAILS, 'whatsapp'))!.providerMessageId!,
      status: 'failed',
      error: '131026',
    });
    // Forged: a "failed" for the delivered message under a signature of other bytes, and one with none.
    const delivered = posts.find((p) => p.body.includes(asha.wamid) && p.body.includes('"delivered"'))!;
    const forgedBody = delivered.body.replace('"delivered"', '"failed"');
    expect((await hook({ body: forgedBody, headers: delivered.headers })).statusCode).toBe(401);
    expect((await hook({ body: forgedBody, headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 300));
    expect(await snapshot()).toBe(before);
    // Completed: a sender that runs it again sends nothing.
    expect(await sendAll(id)).toBe('stopped');
    expect(smsc.received).toHaveLength(2);
    expect(cloud.received).toHaveLength(3);

    // Each WhatsApp failure refunded once; the fallback SMS charged once; sum(ledger) = balance.
    const entries = await app.db.select().from(walletLedger).where(eq(walletLedger.userId, shop.id));
    const refunds = entries.filter((e) => e.kind === 'sms_refund');
    expect(refunds).toHaveLength(2);
    expect(entries.filter((e) => e.idempotencyKey.startsWith('sms-fallback:'))).toHaveLength(1);
    expect(await ledgerSum(shop.id)).toBe(await app.ledgerRepository.balance(shop.id));
    const [done] = await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.id, id));
    expect(done).toMatchObject({
      status: 'completed',
      refundedPaise: 2 * done!.whatsappPricePaise,
      costPaise: campaign!.costPaise + DEFAULT_SMS_PRICE_PAISE,
    });
    // The inbox's store has the campaign's WhatsApp messages with their statuses.
    const stored = await app.db.select().from(whatsappMessages).where(like(whatsappMessages.waId, '919000000%'));
    expect(stored.map((m) => `${m.waId}:${m.status}`).sort()).toEqual([
      '919000000201:delivered',
      `91${WA_FAILS}:failed`,
      `91${WA_FAILS_NO_SMS}:failed`,
    ]);
  });

  it('cancels a WhatsApp message whose customer sent STOP before it went, and refunds it', async () => {
    const created = await api('POST', '/api/sms/campaigns', {
      ...draft({ channel: 'whatsapp', templateId: null, variables: [] }),
      name: 'After stop',
      scheduledAt: null,
    });
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft({ channel: 'whatsapp', templateId: null }))).json();
    const confirmed = await api('POST', `/api/sms/campaigns/${created.json().id}/confirm`, {
      expectedCostPaise: preview.costPaise,
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await hook(cloud.inbound('919000000201', 'STOP'))).statusCode).toBe(200);
    const sentBefore = cloud.received.length;
    expect(await sendAll(created.json().id)).toBe('done');
    const rows = await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, created.json().id));
    expect(rows.find((r) => r.to === '9000000201')).toMatchObject({ status: 'cancelled', refunded: true });
    expect(cloud.received.slice(sentBefore).map((m) => m.to)).not.toContain('919000000201');
    expect(await ledgerSum(shop.id)).toBe(await app.ledgerRepository.balance(shop.id));
  });
});
