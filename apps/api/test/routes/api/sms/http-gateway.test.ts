import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CONSENT_CODE_MESSAGES, SMS_MESSAGES } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentCodes, contacts, smsMessages, walletLedger } from '../../../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';
import { type HttpGatewayServer, startHttpGateway } from '../../../plugins/sms/http-gateway-test-server';
import { freshMobile, requestJoinCode } from '../contacts/consent-code-kit';
import { randomIp } from '../contacts/contacts-kit';

const AUTH_KEY = 'msg91-test-authkey-0123456789';
const SECRET = 'dlr-secret-0123456789abcdefghijklmnop';
const ENTITY = '1201159876543210987';
const FAILING = '9000000604';

describe('SMS through an MSG91-style HTTP gateway, with its delivery-report webhook', () => {
  let app: TestApp;
  let gateway: HttpGatewayServer;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };
  let templateId: string;

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    app.inject({ method, url, headers: auth, ...(body === undefined ? {} : { payload: body as object }) });
  const postDlr = (body: string, headers: Record<string, string>, query = '') =>
    app.inject({ method: 'POST', url: `/api/sms/dlr${query}`, headers, payload: body });
  const signed = (body: string, contentType = 'application/json') => ({
    'content-type': contentType,
    'x-dlr-signature': createHmac('sha256', SECRET).update(body).digest('hex'),
  });

  async function until(check: () => Promise<boolean>, ms = 10_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const messagesOf = (campaignId: string) => app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, campaignId));
  async function ledgerSum(userId: string) {
    const [row] = await app.db
      .select({ total: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    return row?.total ?? 0;
  }

  /** A confirmed campaign to the contacts tagged `tag`; its id and cost. */
  async function confirmCampaign(tag: string) {
    const draft = { templateId, audience: { kind: 'tags', tags: [tag] }, variables: [{ kind: 'field', field: 'firstName' }] };
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft)).json();
    const id = (await api('POST', '/api/sms/campaigns', { ...draft, name: `To ${tag}`, scheduledAt: null })).json().id as string;
    const confirmed = await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { id, costPaise: preview.costPaise as number };
  }

  beforeAll(async () => {
    gateway = await startHttpGateway({ authKey: AUTH_KEY, dlrSecret: SECRET, failTo: [FAILING] });
    app = await buildTestApp({
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_AUTH_KEY: AUTH_KEY,
      SMS_HTTP_DLR_SECRET: SECRET,
      SMS_RATE_PER_S: '50',
    });
    // The gateway's reports take the real path: the app's webhook, signature and all.
    gateway.deliver = async (post) => {
      const res = await postDlr(post.body, post.headers);
      expect(res.statusCode, res.body).toBe(200);
    };
    // A confirmed address: its welcome credit pays for messages (docs/product.md §10).
    shop = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    auth = await authHeader(app, shop);
    await app.ledgerRepository.credit(app.db, {
      userId: shop.id,
      kind: 'admin_credit',
      amountPaise: 10_000,
      idempotencyKey: `t:${shop.id}`,
      note: 'test credit',
    });
    const consent = { consentAt: new Date(), consentChannel: 'in_person' as const };
    await app.db.insert(contacts).values([
      { userId: shop.id, name: 'Asha Devi', mobileNumber: '9000000601', tags: ['orders'], ...consent },
      { userId: shop.id, name: 'Ravi Kumar', mobileNumber: '9000000602', tags: ['orders'], ...consent },
      { userId: shop.id, name: 'Meena', mobileNumber: '9000000603', tags: ['orders'], ...consent },
      { userId: shop.id, name: 'Failing Phone', mobileNumber: FAILING, tags: ['orders'], ...consent },
      { userId: shop.id, name: 'Sunil', mobileNumber: '9000000611', tags: ['batch'], ...consent },
      { userId: shop.id, name: 'Geeta', mobileNumber: '9000000612', tags: ['batch'], ...consent },
      { userId: shop.id, name: 'Kiran', mobileNumber: '9000000613', tags: ['batch'], ...consent },
    ]);
    await api('PUT', '/api/sms/dlt/entity', { entityId: ENTITY });
    const header = (await api('POST', '/api/sms/dlt/headers', { header: 'KUMARS', category: 'service-implicit' })).json();
    templateId = (
      await api('POST', '/api/sms/dlt/templates', {
        name: 'Order ready',
        headerId: header.id,
        category: 'service-implicit',
        dltTemplateId: '1207161111111111111',
        text: 'Dear {#var#}, your order is ready at Kumar Store.',
      })
    ).json().id;
  });

  afterAll(async () => {
    await app?.close();
    await gateway?.close();
  });

  it('sends a campaign through the gateway to delivered: one message a number, retried after a 429, the failed one refunded once', async () => {
    expect(app.smsGateway.name).toBe('http');
    const before = await app.ledgerRepository.balance(shop.id);
    const { id, costPaise } = await confirmCampaign('orders');
    // The gateway throttles the first request: that message waits and goes again.
    gateway.script.push({ status: 429, body: { type: 'error', message: 'Too many requests' } });
    expect((await app.smsSender.run(id)).result).toBe('later');
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await app.smsSender.run(id)).result).toBe('done');
    await until(async () => (await messagesOf(id)).every((m) => m.status === 'delivered' || m.status === 'failed'));

    const rows = await messagesOf(id);
    expect(rows.map((m) => [m.to, m.status]).sort()).toEqual([
      ['9000000601', 'delivered'],
      ['9000000602', 'delivered'],
      ['9000000603', 'delivered'],
      [FAILING, 'failed'],
    ]);
    expect(rows.map((m) => m.attempts).sort()).toEqual([1, 1, 1, 2]);
    const arrived = gateway.received.filter((m) => m.templateId === '1207161111111111111');
    expect(arrived.map((m) => m.to).sort()).toEqual(['919000000601', '919000000602', '919000000603', `91${FAILING}`]);
    for (const m of arrived) {
      const row = rows.find((r) => `91${r.to}` === m.to);
      expect(m).toMatchObject({ header: 'KUMARS', peId: ENTITY, unicode: 0, encoding: 'GSM-7', parts: row?.parts });
      expect(m.clientId).toBe(row?.idempotencyKey);
      expect(row?.providerMessageId).toBe(m.requestId);
    }
    expect(arrived.find((m) => m.to === '919000000601')?.text).toBe('Dear Asha, your order is ready at Kumar Store.');
    const failed = rows.find((m) => m.to === FAILING);
    expect(failed?.error).toBe('Absent subscriber');

    // Every report again (a gateway retrying): nothing changes, the refund stays one.
    for (const post of [...gateway.reports]) {
      const again = await postDlr(post.body, post.headers);
      expect(again.statusCode).toBe(200);
    }
    const refunds = await app.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.kind, 'sms_refund'), eq(walletLedger.userId, shop.id)));
    expect(refunds.map((r) => r.amountPaise)).toEqual([failed?.costPaise]);
    expect(await app.ledgerRepository.balance(shop.id)).toBe(before - costPaise + (failed?.costPaise ?? 0));
    expect(await ledgerSum(shop.id)).toBe(await app.ledgerRepository.balance(shop.id));
    const campaign = (await api('GET', `/api/sms/campaigns/${id}`)).json();
    expect(campaign.status).toBe('completed');
    expect(campaign.progress).toMatchObject({ delivered: 3, failed: 1 });
  });

  it('refuses a report that is not signed with the shared secret, and says so', async () => {
    const body = JSON.stringify({ requestId: gateway.received[0]?.requestId, status: '2', desc: 'FAILED' });
    const missing = await postDlr(body, { 'content-type': 'application/json' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: SMS_MESSAGES.dlrUnauthorized });
    const forged = await postDlr(body, {
      'content-type': 'application/json',
      'x-dlr-signature': createHmac('sha256', 'not-the-secret').update(body).digest('hex'),
    });
    expect(forged.statusCode).toBe(401);
    // Signed for another body.
    expect((await postDlr(body.replace('"2"', '"1"'), signed(body))).statusCode).toBe(401);
    expect((await postDlr(body, { 'content-type': 'application/json' }, '?token=wrong')).statusCode).toBe(401);
    // A delivered message stays delivered: nothing above reached it.
    const [first] = await app.db.select().from(smsMessages).where(eq(smsMessages.to, '9000000601'));
    expect(first?.status).toBe('delivered');
  });

  it('takes MSG91’s shapes: a form-encoded v2 batch, the secret as ?token=, interim states ignored, unknown ids acknowledged', async () => {
    gateway.deliver = undefined;
    const { id } = await confirmCampaign('batch');
    expect((await app.smsSender.run(id)).result).toBe('done');
    const rows = await messagesOf(id);
    expect(rows.map((m) => m.status)).toEqual(['submitted', 'submitted', 'submitted']);
    const [a, b, c] = rows.sort((x, y) => x.to.localeCompare(y.to));
    const data = JSON.stringify([
      { senderId: 'KUMARS', requestId: a?.providerMessageId, report: [{ number: `91${a?.to}`, status: '1', desc: 'DELIVERED' }] },
      { senderId: 'KUMARS', requestId: b?.providerMessageId, report: [{ number: `91${b?.to}`, status: '16', desc: 'REJECTED' }] },
      { senderId: 'KUMARS', requestId: c?.providerMessageId, report: [{ number: `91${c?.to}`, status: '8', desc: 'SENT' }] },
      { senderId: 'KUMARS', requestId: '999999999999', report: [{ number: '919000000699', status: '1', desc: 'DELIVERED' }] },
    ]);
    const form = new URLSearchParams({ data }).toString();
    const res = await postDlr(form, signed(form, 'application/x-www-form-urlencoded'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: 3, ignored: 1 });
    const after = new Map((await messagesOf(id)).map((m) => [m.to, m]));
    expect(after.get(a!.to)?.status).toBe('delivered');
    expect(after.get(b!.to)).toMatchObject({ status: 'failed', error: 'REJECTED', refunded: true });
    expect(after.get(c!.to)?.status).toBe('submitted');

    // The secret as a URL token (a provider that can only be given a URL), with a JSON list.
    const list = JSON.stringify([{ requestId: c?.providerMessageId, telNum: `91${c?.to}`, status: 'Expired' }]);
    const byToken = await postDlr(list, { 'content-type': 'application/json' }, `?token=${SECRET}`);
    expect(byToken.json()).toEqual({ accepted: 1, ignored: 0 });
    expect((await messagesOf(id)).find((m) => m.to === c?.to)).toMatchObject({ status: 'expired', refunded: true });

    // Bad bodies, once authentic, are a clear 400.
    for (const bad of ['{not json', JSON.stringify({ status: '1' }), JSON.stringify({ data: '[{"requestId":1}]' })]) {
      const refused = await postDlr(bad, signed(bad));
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().message).toEqual(expect.any(String));
    }
    expect(await ledgerSum(shop.id)).toBe(await app.ledgerRepository.balance(shop.id));
  });

  it('answers 503 when the reports cannot be saved, changes nothing, and takes them when the gateway sends them again', async () => {
    gateway.deliver = undefined;
    const consent = { consentAt: new Date(), consentChannel: 'in_person' as const };
    await app.db
      .insert(contacts)
      .values({ userId: shop.id, name: 'Lata', mobileNumber: '9000000621', tags: ['fault'], ...consent });
    const { id } = await confirmCampaign('fault');
    expect((await app.smsSender.run(id)).result).toBe('done');
    const [message] = await messagesOf(id);
    expect(message?.status).toBe('submitted');
    const balance = await app.ledgerRepository.balance(shop.id);
    const body = JSON.stringify({ requestId: message?.providerMessageId, status: '2', desc: 'FAILED' });

    // A real fault of the database: it refuses every change of a message while the trigger is there.
    await app.db.execute(
      sql.raw(`CREATE FUNCTION test_refuse_sms_update() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the test refuses this update'; END $$`),
    );
    await app.db.execute(
      sql.raw(`CREATE TRIGGER test_refuse_sms_update BEFORE UPDATE ON sms_messages
        FOR EACH ROW EXECUTE FUNCTION test_refuse_sms_update()`),
    );
    try {
      const refused = await postDlr(body, signed(body));
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json()).toEqual({ message: SMS_MESSAGES.dlrNotSaved });
    } finally {
      await app.db.execute(sql.raw('DROP TRIGGER test_refuse_sms_update ON sms_messages'));
      await app.db.execute(sql.raw('DROP FUNCTION test_refuse_sms_update()'));
    }
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'submitted', refunded: false });
    expect(await app.ledgerRepository.balance(shop.id)).toBe(balance);

    // The gateway sends the report again: now it is saved, and the failed message refunded once.
    const again = await postDlr(body, signed(body));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ accepted: 1, ignored: 0 });
    expect((await messagesOf(id))[0]).toMatchObject({ status: 'failed', refunded: true });
    expect(await app.ledgerRepository.balance(shop.id)).toBe(balance + (message?.costPaise ?? 0));
    expect(await ledgerSum(shop.id)).toBe(await app.ledgerRepository.balance(shop.id));
  });

  it('sends a join code through the gateway under the platform’s OTP header, template and entity ids, and the code works', async () => {
    const business = await createBusiness(app.db, { businessName: 'Sharma Kirana' });
    const mobile = freshMobile();
    const sent = await requestJoinCode(app, business.id, { name: 'Asha', mobileNumber: mobile, consent: true });
    expect(sent.statusCode, sent.body).toBe(202);
    const sms = gateway.received.filter((m) => m.to === `91${mobile}`);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({
      header: 'AASPAS',
      peId: '1001000000000000000',
      templateId: '1007000000000000001',
      unicode: 0,
      parts: 1,
    });
    expect(sms[0]?.clientId).toMatch(/^consent-code:join:/);
    const code = sms[0]?.text.match(/^(\d{6}) is your Aaspaas code to join Sharma Kirana's offers\./)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    // Nothing in the local outbox: a provider is set.
    expect(fs.existsSync(path.join(app.config.dataDir, 'sms-outbox'))).toBe(false);
    const joined = await app.inject({
      method: 'POST',
      url: `/api/public/join/${business.id}`,
      payload: { name: 'Asha', mobileNumber: mobile, consent: true, code },
      remoteAddress: randomIp(),
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  });

  it('answers 503 when the gateway refuses a code, and keeps no code the visitor never got', async () => {
    const business = await createBusiness(app.db);
    const mobile = freshMobile();
    gateway.script.push({ status: 400, body: { type: 'error', message: 'Template not approved' } });
    const refused = await requestJoinCode(app, business.id, { name: 'Asha', mobileNumber: mobile, consent: true });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: CONSENT_CODE_MESSAGES.smsUnavailable });
    expect(await app.db.select().from(consentCodes).where(eq(consentCodes.businessId, business.id))).toEqual([]);
    // Asked again at once, it goes.
    const again = await requestJoinCode(app, business.id, { name: 'Asha', mobileNumber: mobile, consent: true });
    expect(again.statusCode, again.body).toBe(202);
  });
});
