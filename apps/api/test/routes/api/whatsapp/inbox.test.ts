import { randomUUID } from 'node:crypto';
import { whatsappPostReference } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappMessages } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '../../../helper';
import { startCloudApi, type WebhookPost } from '../../../plugins/whatsapp/cloud-api-test-server';

const APP_SECRET = 'meta-app-secret-for-the-inbox-tests-01234567';
const ACCESS_TOKEN = 'EAAGinboxtesttoken0123456789';
const WABA = '102290129340555';
const PHONE = '106540352242555';

describe('WhatsApp enquiry inbox', () => {
  let app: TestApp;
  let cloud: Awaited<ReturnType<typeof startCloudApi>>;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };
  let postId: string;

  const hook = (post: WebhookPost) =>
    app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: post.headers, payload: post.body });
  const api = (method: 'GET' | 'POST', url: string, payload?: object, headers = auth) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    cloud = await startCloudApi({
      appSecret: APP_SECRET,
      accessToken: ACCESS_TOKEN,
      wabaId: WABA,
      phoneNumberId: PHONE,
      templates: [],
    });
    app = await buildTestApp({ WHATSAPP_API_URL: cloud.url, WHATSAPP_APP_SECRET: APP_SECRET });
    shop = await createBusiness(app.db);
    auth = await authHeader(app, shop);
    postId = (await createPost(app.db, shop)).id;
    const put = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: PHONE, wabaId: WABA, accessToken: ACCESS_TOKEN },
    });
    expect(put.statusCode, put.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await cloud?.close();
  });

  it('shows a customer’s enquiry as a new conversation tied to the post its text names', async () => {
    const text = `Hi, is this still available? ${whatsappPostReference(postId)}`;
    expect((await hook(cloud.inbound('919812340001', text, { name: 'Asha' }))).statusCode).toBe(200);
    expect((await hook(cloud.inbound('919812340001', 'Also in blue?'))).statusCode).toBe(200);
    const list = (await api('GET', '/api/whatsapp/conversations')).json();
    expect(list.unreadTotal).toBe(2);
    expect(list.conversations).toHaveLength(1);
    expect(list.conversations[0]).toMatchObject({ waId: '919812340001', lastText: 'Also in blue?', unread: 2, postId });
    expect(new Date(list.conversations[0].windowOpenUntil).getTime()).toBeGreaterThan(Date.now());

    const thread = (await api('GET', '/api/whatsapp/conversations/919812340001')).json();
    expect(thread.messages.map((m: { text: string }) => m.text)).toEqual([text, 'Also in blue?']);
    expect(thread.messages[0].postId).toBe(postId);
    expect((await api('GET', '/api/whatsapp/conversations')).json().unreadTotal).toBe(0);
  });

  it('counts enquiries tied to a post in its insights, apart from the button taps', async () => {
    const insights = async (url: string) => {
      const res = await api('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await insights(`/api/user/posts/${postId}/insights`);
    // Asha's two messages (one naming the post) are one enquiry; the same customer asks again about it.
    expect(before.lastDays).toMatchObject({ whatsapp: 0, whatsappReceived: 1 });
    expect((await hook(cloud.inbound('919812340001', `And the size? ${whatsappPostReference(postId)}`))).statusCode).toBe(200);
    expect((await hook(cloud.inbound('919812340003', `Price? ${whatsappPostReference(postId)}`))).statusCode).toBe(200);
    // A tap on the post's WhatsApp button is the other figure, counted as before.
    await app.eventsRepository.record([{ name: 'post_whatsapp', postId }], 'inbox-tapper', new Date());
    const after = await insights(`/api/user/posts/${postId}/insights`);
    expect(after.lastDays).toMatchObject({ whatsapp: 1, whatsappReceived: 2 });
    expect(after.lifetime).toMatchObject({ whatsappReceived: 2 });
    expect((await insights('/api/user/posts/insights')).lifetime.whatsappReceived).toBe(2);
    // Another business's post named in the text ties nothing, and its insights count nothing of ours.
    const other = await createBusiness(app.db);
    const foreign = (await createPost(app.db, other)).id;
    expect((await hook(cloud.inbound('919812340004', `Hi ${whatsappPostReference(foreign)}`))).statusCode).toBe(200);
    const otherAuth = await authHeader(app, other);
    const theirs = await api('GET', `/api/user/posts/${foreign}/insights`, undefined, otherAuth);
    expect(theirs.json().lifetime.whatsappReceived).toBe(0);
    expect((await insights('/api/user/posts/insights')).lifetime.whatsappReceived).toBe(2);
  });

  it('sends a reply inside the window once, however often it is asked', async () => {
    const body = { text: 'Yes, in blue too. Come by today!', idempotencyKey: randomUUID() };
    const first = await api('POST', '/api/whatsapp/conversations/919812340001/replies', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ direction: 'out', status: 'accepted', text: body.text });
    const again = await api('POST', '/api/whatsapp/conversations/919812340001/replies', body);
    expect(again.json().id).toBe(first.json().id);
    const sent = cloud.received.filter((m) => m.to === '919812340001');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ type: 'text', text: { body: body.text } });
  });

  it('needs a template after 24 hours, and keeps other businesses out', async () => {
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await app.db.insert(whatsappMessages).values({
      userId: shop.id,
      direction: 'in',
      waId: '919812340002',
      text: 'Old question',
      status: 'received',
      wamid: 'wamid.old',
      createdAt: old,
    });
    const late = await api('POST', '/api/whatsapp/conversations/919812340002/replies', {
      text: 'Sorry for the delay',
      idempotencyKey: randomUUID(),
    });
    expect(late.statusCode).toBe(409);
    expect(cloud.received.filter((m) => m.to === '919812340002')).toHaveLength(0);

    const other = await authHeader(app, await createBusiness(app.db));
    expect((await api('GET', '/api/whatsapp/conversations', undefined, other)).json().conversations).toEqual([]);
    expect((await api('GET', '/api/whatsapp/conversations/919812340001', undefined, other)).statusCode).toBe(404);
    const stolen = await api(
      'POST',
      '/api/whatsapp/conversations/919812340001/replies',
      { text: 'x', idempotencyKey: randomUUID() },
      other,
    );
    expect(stolen.statusCode).toBe(404);
  });
});
