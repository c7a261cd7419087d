import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, whatsappConnections, whatsappMessages, whatsappTemplates } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';
import { type ServerTemplate, startCloudApi, type WebhookPost } from '../../../plugins/whatsapp/cloud-api-test-server';

const APP_SECRET = 'meta-app-secret-for-the-tests-0123456789';
const VERIFY_TOKEN = 'verify-me-please';
const ACCESS_TOKEN = 'EAAGtestaccesstoken0123456789abcdef';
const WABA = '102290129340398';
const PHONE = '106540352242922';

const TEMPLATES: ServerTemplate[] = [
  {
    id: '900000000000001',
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
    id: '900000000000002',
    name: 'order_ready',
    language: 'en',
    category: 'UTILITY',
    status: 'APPROVED',
    components: [{ type: 'BODY', text: 'Order {{1}} is ready' }],
  },
  {
    id: '900000000000003',
    name: 'festival',
    language: 'hi',
    category: 'MARKETING',
    status: 'PENDING',
    components: [{ type: 'BODY', text: 'दिवाली {{1}}' }],
  },
];

type Cloud = Awaited<ReturnType<typeof startCloudApi>>;

describe('WhatsApp: connecting a number, and the Cloud API webhook', () => {
  let app: TestApp;
  let cloud: Cloud;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };

  const hook = (post: WebhookPost) =>
    app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: post.headers, payload: post.body });

  async function until(check: () => Promise<boolean>, ms = 10_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function snapshot() {
    const messages = await app.db.select().from(whatsappMessages).orderBy(whatsappMessages.id);
    const templates = await app.db.select().from(whatsappTemplates).orderBy(whatsappTemplates.metaId);
    return JSON.stringify({ messages, templates });
  }

  beforeAll(async () => {
    cloud = await startCloudApi({
      appSecret: APP_SECRET,
      accessToken: ACCESS_TOKEN,
      wabaId: WABA,
      phoneNumberId: PHONE,
      templates: TEMPLATES,
      pageSize: 2,
      failTo: ['9000000104'],
    });
    app = await buildTestApp({
      WHATSAPP_API_URL: cloud.url,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_TOKEN_KEY: 'a-key-for-whatsapp-tokens-in-the-tests-0123',
    });
    shop = await createBusiness(app.db);
    auth = await authHeader(app, shop);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await cloud?.close();
  });

  it('answers Meta’s verification with the challenge only for the right token', async () => {
    const ok = await app.inject({
      method: 'GET',
      url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await app.inject({
      method: 'GET',
      url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('1158201444');
  });

  it('refuses a wrong token, then connects, keeps the token encrypted and syncs every page of templates', async () => {
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: PHONE, wabaId: WABA, accessToken: 'EAAGwrongtoken0123456789abc' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('accessToken');
    const notMine = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: '111111111111111', wabaId: WABA, accessToken: ACCESS_TOKEN },
    });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().field).toBe('phoneNumberId');

    const res = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: PHONE, wabaId: WABA, accessToken: ACCESS_TOKEN },
    });
    expect(res.statusCode).toBe(200);
    const setup = res.json();
    expect(setup.provider).toBe('cloud');
    expect(setup.connection).toMatchObject({ phoneNumberId: PHONE, verifiedName: 'Kumar Stores', tokenEnding: 'cdef' });
    expect(JSON.stringify(setup)).not.toContain(ACCESS_TOKEN);
    expect(setup.templates.map((t: { name: string; language: string }) => `${t.name}/${t.language}`)).toEqual([
      'festival/hi',
      'order_ready/en',
      'weekly_offer/en',
    ]);
    expect(setup.templates[2]).toMatchObject({ category: 'MARKETING', variables: 2, optOutButton: true, status: 'APPROVED' });
    const [row] = await app.db.select().from(whatsappConnections).where(eq(whatsappConnections.userId, shop.id));
    expect(row!.accessTokenEnc).not.toContain(ACCESS_TOKEN);
    expect(app.whatsappTokenCipher.open(row!.accessTokenEnc)).toBe(ACCESS_TOKEN);

    const other = await createBusiness(app.db);
    const taken = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: await authHeader(app, other),
      payload: { phoneNumberId: PHONE, wabaId: WABA, accessToken: ACCESS_TOKEN },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('applies signed statuses forward only; forged, replayed and unknown posts change nothing', async () => {
    const account = (await app.whatsappConnections.account(shop.id))!;
    // Collected from before the send: the server reports its statuses a few ms after answering it.
    const posts: WebhookPost[] = [];
    cloud.deliver = async (p) => {
      posts.push(p);
    };
    const sent = await app.whatsappCloud.send(account, {
      type: 'template',
      to: '919812345678',
      idempotencyKey: 'k1',
      name: 'order_ready',
      language: 'en',
      params: ['A-17'],
    });
    expect(sent.ok).toBe(true);
    if (!sent.ok) return;
    await app.db.insert(whatsappMessages).values({
      userId: shop.id,
      direction: 'out',
      waId: '919812345678',
      text: 'Order A-17 is ready',
      status: 'accepted',
      wamid: sent.value.wamid,
    });
    await until(async () => posts.length === 2);
    for (const p of posts) expect((await hook(p)).statusCode).toBe(200);
    const status = async () =>
      (await app.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, sent.value.wamid)))[0]!.status;
    expect(await status()).toBe('delivered');

    const before = await snapshot();
    // Replayed: Meta retries a post it thinks failed; and "sent" after "delivered" never goes back.
    for (const p of posts) expect((await hook(p)).statusCode).toBe(200);
    // Forged: a valid body with another secret's signature, a signature of other bytes, none at all.
    const forged = JSON.parse(posts[1]!.body.replace('"delivered"', '"failed"')) as unknown;
    const forgedBody = JSON.stringify(forged);
    const badSignatures = [
      { 'x-hub-signature-256': posts[1]!.headers['x-hub-signature-256']! },
      { 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` },
      {},
    ];
    for (const h of badSignatures) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/whatsapp/webhook',
        headers: { 'content-type': 'application/json', ...h },
        payload: forgedBody,
      });
      expect(res.statusCode).toBe(401);
    }
    // Signed, but for ids nobody here knows: acknowledged and ignored.
    const unknown = cloud.sign(forgedBody.replaceAll(sent.value.wamid, 'wamid.unknown').replace(PHONE, '999999999999999'));
    expect((await hook(unknown)).statusCode).toBe(200);
    expect(await snapshot()).toBe(before);

    const read = cloud.sign(posts[1]!.body.replace('"delivered"', '"read"'));
    expect((await hook(read)).statusCode).toBe(200);
    expect(await status()).toBe('read');
  });

  it('keeps a customer’s message once, tied to the contact, however often Meta posts it', async () => {
    const [contact] = await app.db
      .insert(contacts)
      .values({ userId: shop.id, name: 'Asha', mobileNumber: '9812345678' })
      .returning();
    const post = cloud.inbound('919812345678', 'Is the red saree still there?', { name: 'Asha' });
    expect((await hook(post)).statusCode).toBe(200);
    expect((await hook(post)).statusCode).toBe(200);
    const inbound = await app.db.select().from(whatsappMessages).where(eq(whatsappMessages.direction, 'in'));
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      userId: shop.id,
      contactId: contact!.id,
      text: 'Is the red saree still there?',
      status: 'received',
    });
  });

  it('follows template reviews by Meta’s template id', async () => {
    const festival = TEMPLATES[2]!;
    const post = cloud.templateReview(festival, 'APPROVED');
    expect((await hook(post)).statusCode).toBe(200);
    const setup = (await app.inject({ method: 'GET', url: '/api/whatsapp/setup', headers: auth })).json();
    expect(setup.templates.find((t: { name: string }) => t.name === 'festival').status).toBe('APPROVED');
    const before = await snapshot();
    expect((await hook(post)).statusCode).toBe(200);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a simulated customer outside the local stand-in', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/whatsapp/local/inbound',
      headers: auth,
      payload: { from: '9812345678', text: 'hi' },
    });
    expect(res.statusCode).toBe(404);
  });
});
