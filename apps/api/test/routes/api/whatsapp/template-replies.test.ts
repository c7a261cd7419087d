import { randomUUID } from 'node:crypto';
import { DEFAULT_WHATSAPP_PRICES_PAISE, WHATSAPP_MESSAGES } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, smsCampaigns, smsMessages, walletLedger, whatsappMessages } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';
import { type ServerTemplate, startCloudApi, type WebhookPost } from '../../../plugins/whatsapp/cloud-api-test-server';

const APP_SECRET = 'meta-app-secret-for-the-template-replies-01';
const ACCESS_TOKEN = 'EAAGtemplatereplytoken0123456789ab';
const WABA = '102290129340888';
const PHONE = '106540352242888';
const ASHA = '9000000401';
const RAVI = '9000000402';
/** WhatsApp reports this number undeliverable (131026). */
const FAILS = '9000000404';

const TEMPLATES: ServerTemplate[] = [
  {
    id: '920000000000001',
    name: 'order_ready',
    language: 'en',
    category: 'UTILITY',
    status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Hello {{1}}, your order {{2}} is ready.' }],
  },
];

describe('Template replies from the inbox after the 24-hour window (ADR 050)', () => {
  let app: TestApp;
  let cloud: Awaited<ReturnType<typeof startCloudApi>>;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };
  let templateId: string;
  /** The wallet before any reply: the welcome credit and the test's. */
  let start: number;

  const api = (method: 'GET' | 'POST', url: string, body?: object, headers = auth) =>
    app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
  const hook = (post: WebhookPost) =>
    app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: post.headers, payload: post.body });
  const reply = (mobile: string, over: Record<string, unknown> = {}) => ({
    whatsappTemplateId: templateId,
    whatsappVariables: [
      { kind: 'field', field: 'firstName' },
      { kind: 'text', value: 'A-17' },
    ],
    expectedCostPaise: DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY,
    idempotencyKey: randomUUID(),
    ...over,
  });
  const url = (mobile: string, rest = '') => `/api/whatsapp/conversations/91${mobile}/template-replies${rest}`;

  async function ledger() {
    const rows = await app.db.select().from(walletLedger).where(eq(walletLedger.userId, shop.id));
    const balance = await app.db.execute<{ b: number }>(
      sql`select balance_paise::int as b from users where id = ${shop.id}::uuid`,
    );
    return { rows, sum: rows.reduce((a, r) => a + r.amountPaise, 0), balance: balance.rows[0]?.b };
  }

  async function until(check: () => Promise<boolean>, ms = 15_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function sendAll(campaignId: string) {
    for (;;) {
      const { result } = await app.smsSender.run(campaignId, 5_000);
      if (result !== 'later') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A customer's message from 25 hours ago: the free window has closed. */
  const oldEnquiry = (mobile: string) =>
    app.db.insert(whatsappMessages).values({
      userId: shop.id,
      direction: 'in',
      waId: `91${mobile}`,
      text: 'Is it back in stock?',
      status: 'received',
      wamid: `wamid.old.${mobile}`,
      createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000),
    });

  beforeAll(async () => {
    cloud = await startCloudApi({
      appSecret: APP_SECRET,
      accessToken: ACCESS_TOKEN,
      wabaId: WABA,
      phoneNumberId: PHONE,
      templates: TEMPLATES,
      failTo: [FAILS],
      deliver: async (post) => {
        await hook(post);
      },
    });
    app = await buildTestApp({
      WHATSAPP_API_URL: cloud.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_TOKEN_KEY: 'a-key-for-whatsapp-tokens-in-the-tests-0123',
      WHATSAPP_RATE_PER_S: '20',
    });
    shop = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    auth = await authHeader(app, shop);
    await app.ledgerRepository.credit(app.db, {
      userId: shop.id,
      kind: 'admin_credit',
      amountPaise: 1_000,
      idempotencyKey: `t:${shop.id}`,
      note: 'test credit',
    });
    const connected = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: PHONE, wabaId: WABA, accessToken: ACCESS_TOKEN },
    });
    expect(connected.statusCode, connected.body).toBe(200);
    templateId = (connected.json().templates as { id: string; name: string }[]).find((t) => t.name === 'order_ready')!.id;
    const wa = { whatsappConsentAt: new Date(), whatsappConsentMethod: 'in_person' as const, whatsappConsentProof: 'test' };
    await app.db.insert(contacts).values([
      { userId: shop.id, name: 'Asha Devi', mobileNumber: ASHA, ...wa },
      { userId: shop.id, name: 'Ravi Kumar', mobileNumber: RAVI, consentAt: new Date(), consentChannel: 'in_person' },
      { userId: shop.id, name: 'Failing WhatsApp', mobileNumber: FAILS, ...wa },
    ]);
    for (const mobile of [ASHA, RAVI, FAILS]) await oldEnquiry(mobile);
    start = (await ledger()).sum;
  }, 120_000);

  afterAll(async () => {
    if (cloud) cloud.deliver = undefined;
    await app?.close();
    await cloud?.close();
  });

  it('keeps free text out after the window, and shows the template as it goes out with its price', async () => {
    const free = await api('POST', `/api/whatsapp/conversations/91${ASHA}/replies`, {
      text: 'Yes!',
      idempotencyKey: randomUUID(),
    });
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe(WHATSAPP_MESSAGES.windowClosed);

    const preview = await api('POST', url(ASHA, '/preview'), reply(ASHA));
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      text: 'Hello Asha, your order A-17 is ready.',
      category: 'UTILITY',
      costPaise: DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY,
      balancePaise: start,
      windowApplies: false,
    });
    const noOptIn = await api('POST', url(RAVI, '/preview'), reply(RAVI));
    expect(noOptIn.statusCode).toBe(409);
    expect(noOptIn.json().message).toBe(WHATSAPP_MESSAGES.templateReplyNoOptIn);
    expect((await api('POST', url(RAVI), reply(RAVI))).statusCode).toBe(409);
    expect(cloud.received).toHaveLength(0);
  });

  it('charges once at the price seen (409 and nothing kept otherwise), sends it once, and shows it in the thread', async () => {
    const wrong = await api('POST', url(ASHA), reply(ASHA, { expectedCostPaise: 1 }));
    expect(wrong.statusCode).toBe(409);
    expect((await ledger()).sum).toBe(start);
    expect(await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.userId, shop.id))).toHaveLength(0);

    const body = reply(ASHA);
    const first = await api('POST', url(ASHA), body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ channel: 'whatsapp', recipients: 1, costPaise: DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY });
    const again = await api('POST', url(ASHA), body);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    const charged = await ledger();
    expect(charged.rows.filter((r) => r.kind === 'sms_charge')).toHaveLength(1);
    expect(charged.sum).toBe(start - DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY);
    expect(charged.balance).toBe(charged.sum);

    await sendAll(first.json().id);
    const sent = cloud.received.filter((m) => m.to === `91${ASHA}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ type: 'template', template: { name: 'order_ready' } });
    const thread = (await api('GET', `/api/whatsapp/conversations/91${ASHA}`)).json();
    expect(thread.messages.at(-1)).toMatchObject({ direction: 'out', text: 'Hello Asha, your order A-17 is ready.' });
  });

  it('refunds a template reply WhatsApp reports failed, once', async () => {
    const res = await api('POST', url(FAILS), reply(FAILS));
    expect(res.statusCode, res.body).toBe(201);
    await sendAll(res.json().id);
    const message = async () =>
      (
        await app.db
          .select()
          .from(smsMessages)
          .where(and(eq(smsMessages.campaignId, res.json().id), eq(smsMessages.channel, 'whatsapp')))
      )[0];
    await until(async () => (await message())?.refunded === true);
    expect(await message()).toMatchObject({ status: 'failed', refunded: true });
    const after = await ledger();
    expect(after.rows.filter((r) => r.kind === 'sms_refund')).toHaveLength(1);
    expect(after.sum).toBe(start - DEFAULT_WHATSAPP_PRICES_PAISE.UTILITY);
    expect(after.balance).toBe(after.sum);
  });

  it('keeps other businesses out', async () => {
    const other = await authHeader(app, await createBusiness(app.db, { emailVerifiedAt: new Date() }));
    expect((await api('POST', url(ASHA, '/preview'), reply(ASHA), other)).statusCode).toBe(404);
    expect((await api('POST', url(ASHA), reply(ASHA), other)).statusCode).toBe(404);
  });
});
