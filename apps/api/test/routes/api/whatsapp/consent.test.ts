import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';
import { startCloudApi, type WebhookPost } from '../../../plugins/whatsapp/cloud-api-test-server';
import { freshMobile, latestCode, requestJoinCode } from '../contacts/consent-code-kit';
import { randomIp } from '../contacts/contacts-kit';

const APP_SECRET = 'meta-app-secret-for-the-consent-tests-0123';
const ACCESS_TOKEN = 'EAAGconsenttesttoken0123456789';
const WABA = '102290129340777';
const PHONE = '106540352242777';

describe('WhatsApp opt-in per channel', () => {
  let app: TestApp;
  let cloud: Awaited<ReturnType<typeof startCloudApi>>;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };

  const hook = (post: WebhookPost) =>
    app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: post.headers, payload: post.body });
  const contactOf = async (mobile: string) =>
    (
      await app.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.userId, shop.id), eq(contacts.mobileNumber, mobile)))
    )[0]!;

  async function join(mobile: string, whatsapp: boolean) {
    const form = { name: 'Asha', mobileNumber: mobile, consent: true, whatsapp };
    expect((await requestJoinCode(app, shop.id, form)).statusCode).toBe(202);
    const code = latestCode(app.config.dataDir, mobile);
    const res = await app.inject({
      method: 'POST',
      url: `/api/public/join/${shop.id}`,
      payload: { ...form, code },
      remoteAddress: randomIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
  }

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
    const res = await app.inject({
      method: 'PUT',
      url: '/api/whatsapp/connection',
      headers: auth,
      payload: { phoneNumberId: PHONE, wabaId: WABA, accessToken: ACCESS_TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await cloud?.close();
  });

  it('records the join page’s WhatsApp opt-in with the same code, apart from SMS consent', async () => {
    const both = freshMobile();
    const smsOnly = freshMobile();
    await join(both, true);
    await join(smsOnly, false);
    const a = await contactOf(both);
    expect(a.consentAt).not.toBeNull();
    expect(a.whatsappConsentAt).not.toBeNull();
    expect(a.whatsappConsentMethod).toBe('join_page');
    expect(a.whatsappConsentProof).toContain('one-time code');
    const b = await contactOf(smsOnly);
    expect(b.consentAt).not.toBeNull();
    expect(b.whatsappConsentAt).toBeNull();
  });

  it('ends the WhatsApp opt-in at once on a STOP reply or the opt-out button; SMS consent stays', async () => {
    const replied = freshMobile();
    const tapped = freshMobile();
    await join(replied, true);
    await join(tapped, true);
    expect((await hook(cloud.inbound(`91${replied}`, 'STOP'))).statusCode).toBe(200);
    expect((await hook(cloud.inbound(`91${tapped}`, 'Stop promotions', { buttonPayload: 'Stop promotions' }))).statusCode).toBe(
      200,
    );
    for (const mobile of [replied, tapped]) {
      const c = await contactOf(mobile);
      expect(c.whatsappConsentAt).toBeNull();
      expect(c.whatsappOptedOutAt).not.toBeNull();
      expect(c.consentAt).not.toBeNull();
      expect(c.optedOut).toBe(false);
    }
    // Another message is just a message.
    const still = freshMobile();
    await join(still, true);
    expect((await hook(cloud.inbound(`91${still}`, 'Do you stop by Sunday?'))).statusCode).toBe(200);
    expect((await contactOf(still)).whatsappConsentAt).not.toBeNull();
  });

  it('lets the business record or withdraw an opt-in given in person', async () => {
    const mobile = freshMobile();
    const created = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers: auth,
      payload: { name: 'Ravi', mobileNumber: mobile, consent: true, whatsappConsent: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ whatsappConsentMethod: 'in_person', whatsappOptedOutAt: null });
    const id = created.json().id as string;
    const withdrawn = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${id}`,
      headers: auth,
      payload: { name: 'Ravi', mobileNumber: mobile, whatsappConsent: false },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ whatsappConsentAt: null, whatsappConsentMethod: null });
  });
});
