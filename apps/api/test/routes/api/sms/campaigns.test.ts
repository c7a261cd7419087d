import { SMS_MESSAGES } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, smsCampaigns, smsMessages, users, walletLedger } from '../../../../src/db/schema';
import { createCampaignsService } from '../../../../src/plugins/app/sms/campaigns-service';
import { createSmsSender } from '../../../../src/plugins/app/sms/sms-sender-service';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../../../helper';
import { startSmppServer } from '../../../plugins/sms/smpp-test-server';

const ENTITY = '1201159876543210987';
const FAILING = '9000000104';

type Smpp = Awaited<ReturnType<typeof startSmppServer>>;

describe('SMS campaigns through a real SMPP server', () => {
  let app: TestApp;
  let smsc: Smpp;
  let shop: Awaited<ReturnType<typeof createBusiness>>;
  let other: Awaited<ReturnType<typeof createBusiness>>;
  let auth: { authorization: string };
  let otherAuth: { authorization: string };
  let headerId: string;
  let promoHeaderId: string;
  let templateId: string;
  let promoTemplateId: string;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers = auth) =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

  async function ledgerSum(userId: string): Promise<number> {
    const [row] = await app.db
      .select({ total: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.userId, userId));
    return row?.total ?? 0;
  }

  async function balance(userId: string): Promise<number> {
    return app.ledgerRepository.balance(userId);
  }

  async function until(check: () => Promise<boolean>, ms = 10_000) {
    const end = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  beforeAll(async () => {
    smsc = await startSmppServer({ failTo: [FAILING] });
    app = await buildTestApp({
      SMS_SMPP_URL: smsc.url,
      SMS_SMPP_SYSTEM_ID: 'aaspaas',
      SMS_SMPP_PASSWORD: 'secret',
      SMS_RATE_PER_S: '50',
    });
    // Confirmed addresses: their welcome credit pays for messages (docs/product.md §10).
    shop = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    other = await createBusiness(app.db, { emailVerifiedAt: new Date() });
    auth = await authHeader(app, shop);
    otherAuth = await authHeader(app, other);
    await app.ledgerRepository.credit(app.db, {
      userId: shop.id,
      kind: 'admin_credit',
      amountPaise: 1_000,
      idempotencyKey: `t:${shop.id}`,
      note: 'test credit',
    });
    const consent = { consentAt: new Date(), consentChannel: 'in_person' as const };
    await app.db.insert(contacts).values([
      { userId: shop.id, name: 'Asha Devi', mobileNumber: '9000000101', tags: ['vip'], ...consent },
      { userId: shop.id, name: 'Ravi Kumar', mobileNumber: '9000000102', tags: ['vip'], ...consent },
      { userId: shop.id, name: 'Meena', mobileNumber: '9000000103', tags: ['regular'], ...consent },
      { userId: shop.id, name: 'Failing Phone', mobileNumber: FAILING, tags: ['vip'], ...consent },
      { userId: shop.id, name: 'No Consent', mobileNumber: '9000000105', tags: ['vip'] },
      {
        userId: shop.id,
        name: 'Opted Out',
        mobileNumber: '9000000106',
        tags: ['vip'],
        ...consent,
        optedOut: true,
        optedOutAt: new Date(),
      },
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await smsc?.close();
  });

  it('validates the DLT set-up: the header’s form fits its category, promotional templates carry the opt-out line', async () => {
    expect((await api('PUT', '/api/sms/dlt/entity', { entityId: '12' })).statusCode).toBe(400);
    expect((await api('PUT', '/api/sms/dlt/entity', { entityId: ENTITY })).statusCode).toBe(200);
    const lettersForPromo = await api('POST', '/api/sms/dlt/headers', { header: 'KUMARS', category: 'promotional' });
    expect(lettersForPromo.statusCode).toBe(400);
    expect(lettersForPromo.json()).toEqual({ message: SMS_MESSAGES.headerDigits, field: 'header' });
    const digitsForService = await api('POST', '/api/sms/dlt/headers', { header: '123456', category: 'service-implicit' });
    expect(digitsForService.json()).toEqual({ message: SMS_MESSAGES.headerLetters, field: 'header' });
    const header = await api('POST', '/api/sms/dlt/headers', { header: 'kumars', category: 'transactional' });
    expect(header.statusCode).toBe(201);
    expect(header.json().header).toBe('KUMARS');
    headerId = header.json().id;
    expect((await api('POST', '/api/sms/dlt/headers', { header: 'KUMARS', category: 'transactional' })).statusCode).toBe(409);
    promoHeaderId = (await api('POST', '/api/sms/dlt/headers', { header: '567890', category: 'promotional' })).json().id;

    const template = await api('POST', '/api/sms/dlt/templates', {
      name: 'Order ready',
      headerId,
      category: 'service-implicit',
      dltTemplateId: '1207161111111111111',
      text: 'Dear {#var#}, your order {#var#} is ready at Kumar Store.',
    });
    expect(template.statusCode).toBe(201);
    expect(template.json().variableCount).toBe(2);
    templateId = template.json().id;
    const noOptOut = await api('POST', '/api/sms/dlt/templates', {
      name: 'Sale',
      headerId: promoHeaderId,
      category: 'promotional',
      dltTemplateId: '1207162222222222222',
      text: 'Diwali sale {#var#} off at Kumar Store',
    });
    expect(noOptOut.json()).toEqual({ message: SMS_MESSAGES.templateNeedsOptOut, field: 'text' });
    const wrongKind = await api('POST', '/api/sms/dlt/templates', {
      name: 'Sale',
      headerId,
      category: 'promotional',
      dltTemplateId: '1207162222222222222',
      text: 'Diwali sale {#var#} off at Kumar Store\nOpt out: {#var#}',
    });
    expect(wrongKind.statusCode).toBe(400);
    const promo = await api('POST', '/api/sms/dlt/templates', {
      name: 'Sale',
      headerId: promoHeaderId,
      category: 'promotional',
      dltTemplateId: '1207162222222222222',
      text: 'Diwali sale {#var#} off at Kumar Store\nOpt out: {#var#}',
    });
    expect(promo.statusCode).toBe(201);
    expect(promo.json().variableCount).toBe(1);
    promoTemplateId = promo.json().id;
    // Another business does not see them, nor can it use them.
    expect((await api('GET', '/api/sms/dlt', undefined, otherAuth)).json().templates).toEqual([]);
  });

  it('shows who an audience reaches and who is left out and why', async () => {
    const all = await api('POST', '/api/sms/campaigns/audience', { audience: { kind: 'all' } });
    expect(all.json()).toEqual({ recipients: 4, whatsappRecipients: 0, leftOut: { noConsent: 1, optedOut: 1, noWhatsApp: 0 } });
    const vip = await api('POST', '/api/sms/campaigns/audience', { audience: { kind: 'tags', tags: ['VIP'] } });
    expect(vip.json()).toEqual({ recipients: 3, whatsappRecipients: 0, leftOut: { noConsent: 1, optedOut: 1, noWhatsApp: 0 } });
  });

  it('refuses bad input with a clear 4xx and charges nothing', async () => {
    const before = await balance(shop.id);
    const base = {
      name: 'Orders',
      templateId,
      audience: { kind: 'tags', tags: ['vip'] },
      variables: [
        { kind: 'field', field: 'firstName' },
        { kind: 'text', value: 'A-17' },
      ],
      scheduledAt: null,
    };
    const cases: [unknown, number, string][] = [
      [{ ...base, audience: { kind: 'tags', tags: ['nobody-has-this'] } }, 400, SMS_MESSAGES.audienceEmpty],
      [{ ...base, templateId: '00000000-0000-4000-8000-000000000000' }, 400, SMS_MESSAGES.templateNotFound],
      [{ ...base, variables: [base.variables[0], { kind: 'text', value: 'x'.repeat(31) }] }, 400, SMS_MESSAGES.variableTooLong],
      [{ ...base, variables: [base.variables[0]] }, 400, SMS_MESSAGES.variablesCount],
      [{ ...base, scheduledAt: new Date(Date.now() - 60_000).toISOString() }, 400, SMS_MESSAGES.scheduleInPast],
    ];
    for (const [body, status, message] of cases) {
      const res = await api('POST', '/api/sms/campaigns', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Another business cannot use this business's template.
    const foreign = await api('POST', '/api/sms/campaigns', base, otherAuth);
    expect(foreign.json()).toEqual({ message: SMS_MESSAGES.templateNotFound, field: 'templateId' });
    expect(await balance(shop.id)).toBe(before);
    expect(await app.db.select().from(smsCampaigns)).toEqual([]);
  });

  it('refuses a message that does not fit its template before charging: a contact field trimmed stays within 30 characters', async () => {
    // A name over 30 characters is trimmed at a word boundary, so the text still fits; a fixed text over 30 is refused by the contract.
    const preview = await api('POST', '/api/sms/campaigns/preview', {
      templateId,
      audience: { kind: 'all' },
      variables: [
        { kind: 'text', value: 'Sir\nMadam' },
        { kind: 'text', value: 'A-17' },
      ],
    });
    expect(preview.statusCode).toBe(400);
    expect(preview.json().message).toBe(SMS_MESSAGES.variableOneLine);
  });

  it('charges what the preview showed, sends only to consenting contacts, refunds a failed message once', async () => {
    const draft = {
      templateId,
      audience: { kind: 'tags', tags: ['vip'] },
      variables: [
        { kind: 'field', field: 'firstName' },
        { kind: 'text', value: 'A-17' },
      ],
    };
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft)).json();
    expect(preview.recipients).toBe(3);
    expect(preview.sample.text).toBe('Dear Asha, your order A-17 is ready at Kumar Store.');
    expect(preview.sample.encoding).toBe('GSM-7');
    expect(preview.costPaise).toBe(preview.totalParts * preview.pricePaise);
    const created = await api('POST', '/api/sms/campaigns', { ...draft, name: 'Orders ready', scheduledAt: null });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().status).toBe('draft');
    // Another business: 404 for the campaign and its actions.
    expect((await api('GET', `/api/sms/campaigns/${id}`, undefined, otherAuth)).statusCode).toBe(404);
    expect(
      (await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise }, otherAuth)).statusCode,
    ).toBe(404);
    // A stale cost is refused with the new one.
    const stale = await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise + 1 });
    expect(stale.statusCode).toBe(409);

    const before = await balance(shop.id);
    const confirmed = await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().status).toBe('running');
    expect(await balance(shop.id)).toBe(before - preview.costPaise);
    const [charge] = await app.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.idempotencyKey, `sms-charge:${id}`));
    expect(charge?.amountPaise).toBe(-preview.costPaise);
    expect(charge?.kind).toBe('sms_charge');

    let last: unknown;
    const run = await app.smsSender.run(id);
    expect(run.result).toBe('done');
    await until(async () => {
      const c = (await api('GET', `/api/sms/campaigns/${id}`)).json();
      last = c.progress;
      return c.progress.delivered === 2 && c.progress.failed === 1;
    }).catch((err) => {
      throw new Error(`${String(err)}: ${JSON.stringify(last)} ${JSON.stringify(smsc.received)}`);
    });

    const arrived = smsc.received.filter((m) => m.templateId === '1207161111111111111');
    expect(arrived.map((m) => m.to).sort()).toEqual(['919000000101', '919000000102', `91${FAILING}`]);
    for (const m of arrived) {
      expect(m.header).toBe('KUMARS');
      expect(m.peId).toBe(ENTITY);
      expect(m.dataCoding).toBe(0);
      expect(m.idempotencyKey).toBe(`${id}:${m.to.slice(2)}`);
    }
    expect(arrived.find((m) => m.to === '919000000101')?.text).toBe('Dear Asha, your order A-17 is ready at Kumar Store.');

    // The failed one is refunded once, even when its receipt comes again.
    const [failed] = await app.db.select().from(smsMessages).where(eq(smsMessages.to, FAILING));
    expect(failed?.status).toBe('failed');
    await app.smsSender.applyReport({ providerMessageId: failed!.providerMessageId!, status: 'failed' });
    const refunds = await app.db.select().from(walletLedger).where(eq(walletLedger.kind, 'sms_refund'));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amountPaise).toBe(failed!.costPaise);
    expect(await ledgerSum(shop.id)).toBe(await balance(shop.id));

    const campaign = (await api('GET', `/api/sms/campaigns/${id}`)).json();
    expect(campaign.status).toBe('completed');
    expect(campaign.refundedPaise).toBe(failed!.costPaise);

    // SMS history: filters, another business sees nothing, CSV export, the home screen's count.
    const history = (await api('GET', `/api/sms/history?campaignId=${id}`)).json();
    expect(history.messages).toHaveLength(3);
    expect((await api('GET', `/api/sms/history?status=failed`)).json().messages.map((m: { to: string }) => m.to)).toEqual([
      FAILING,
    ]);
    expect((await api('GET', `/api/sms/history?number=0101`)).json().messages).toHaveLength(1);
    expect((await api('GET', `/api/sms/history?campaignId=${id}`, undefined, otherAuth)).json().messages).toEqual([]);
    const page1 = (await api('GET', `/api/sms/history?limit=2`)).json();
    const page2 = (await api('GET', `/api/sms/history?limit=2&cursor=${page1.nextCursor}`)).json();
    expect([...page1.messages, ...page2.messages].map((m: { id: string }) => m.id)).toHaveLength(3);
    const csv = await api('GET', '/api/sms/history/export');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(4);
    // India time with its offset, as the screen shows it: the same instant as the API's UTC time.
    const csvTime = csv.body.split('\r\n')[1]!.split(',')[0]!;
    expect(csvTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
    expect(new Date(csvTime).getTime()).toBe(Math.floor(new Date(page1.messages[0].createdAt).getTime() / 1000) * 1000);
    expect((await api('GET', '/api/user/stats')).json().sentSms).toBe(2);
    expect((await api('GET', '/api/user/stats', undefined, otherAuth)).json().sentSms).toBe(0);
  });

  it('answers 402 with the amount to add when the wallet cannot pay, and charges nothing', async () => {
    const poor = await createBusiness(app.db, { balancePaise: 0 });
    const poorAuth = await authHeader(app, poor);
    await api('PUT', '/api/sms/dlt/entity', { entityId: ENTITY }, poorAuth);
    const h = (await api('POST', '/api/sms/dlt/headers', { header: 'POORSH', category: 'transactional' }, poorAuth)).json();
    const t = (
      await api(
        'POST',
        '/api/sms/dlt/templates',
        {
          name: 'Bill',
          headerId: h.id,
          category: 'transactional',
          dltTemplateId: '1207163333333333333',
          text: 'Your bill is ready',
        },
        poorAuth,
      )
    ).json();
    await app.db.insert(contacts).values({ userId: poor.id, name: 'Asha', mobileNumber: '9000000201', consentAt: new Date() });
    const draft = { templateId: t.id, audience: { kind: 'all' }, variables: [] };
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft, poorAuth)).json();
    const id = (await api('POST', '/api/sms/campaigns', { ...draft, name: 'Bills', scheduledAt: null }, poorAuth)).json().id;
    const res = await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise }, poorAuth);
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^Not enough balance: add ₹0\.\d\d to your wallet$/);
    expect(await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, id))).toEqual([]);
    expect((await api('GET', `/api/sms/campaigns/${id}`, undefined, poorAuth)).json().status).toBe('draft');
    const [user] = await app.db.select().from(users).where(eq(users.id, poor.id));
    expect(user?.balancePaise).toBe(0);
  });

  it('keeps the welcome credit from paying for messages until the address is confirmed; money added pays', async () => {
    const fresh = await createBusiness(app.db); // a new account: ₹100 welcome credit, address not confirmed
    const freshAuth = await authHeader(app, fresh);
    await api('PUT', '/api/sms/dlt/entity', { entityId: ENTITY }, freshAuth);
    const h = (await api('POST', '/api/sms/dlt/headers', { header: 'FRESHS', category: 'transactional' }, freshAuth)).json();
    const text = { name: 'Bill', headerId: h.id, category: 'transactional', dltTemplateId: '1207164444444444444' };
    const t = (await api('POST', '/api/sms/dlt/templates', { ...text, text: 'Your bill is ready' }, freshAuth)).json();
    await app.db.insert(contacts).values({ userId: fresh.id, name: 'Asha', mobileNumber: '9000000301', consentAt: new Date() });
    const draft = { templateId: t.id, audience: { kind: 'all' }, variables: [] };
    const { costPaise } = (await api('POST', '/api/sms/campaigns/preview', draft, freshAuth)).json();
    const campaign = async () =>
      (await api('POST', '/api/sms/campaigns', { ...draft, name: 'Bills', scheduledAt: null }, freshAuth)).json().id as string;
    const confirm = (id: string) => api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: costPaise }, freshAuth);

    const first = await campaign();
    const refused = await confirm(first);
    expect([refused.statusCode, refused.json()]).toEqual([403, { message: SMS_MESSAGES.welcomeCreditUnconfirmed }]);
    expect(await balance(fresh.id)).toBe(10_000);
    expect(await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, first))).toEqual([]);

    // Money the business added pays, down to the welcome credit and no further.
    await app.ledgerRepository.credit(app.db, {
      userId: fresh.id,
      kind: 'topup',
      amountPaise: costPaise,
      idempotencyKey: `t:${fresh.id}`,
      note: 'test top-up',
    });
    expect((await confirm(first)).statusCode).toBe(200);
    expect(await balance(fresh.id)).toBe(10_000);
    const second = await campaign();
    expect((await confirm(second)).statusCode).toBe(403);

    // Confirmed, the address lets the welcome credit pay.
    await app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, fresh.id));
    expect((await confirm(second)).statusCode).toBe(200);
    expect(await balance(fresh.id)).toBe(10_000 - costPaise);

    // The admin sees accounts that paid for messages within the hour of signing up before adding
    // money (the shop here: its campaigns above); this one added money first.
    const spenders = await app.adminRepository.welcomeSmsSpenders();
    expect(spenders.map((s) => s.userId)).not.toContain(fresh.id);
    const spender = spenders.find((s) => s.userId === shop.id);
    expect(spender).toMatchObject({ email: shop.username, emailVerified: true });
    expect(spender?.chargedPaise).toBeGreaterThan(0);
    expect(spender?.campaigns).toBeGreaterThan(0);
  });

  it('holds a promotional campaign confirmed at 21:30 IST until 10:00 IST, then sends it with a signed opt-out link', async () => {
    let now = new Date('2026-11-20T16:00:00Z'); // 21:30 IST
    const clock = () => now;
    const campaigns = createCampaignsService({
      db: app.db,
      dlt: app.dltRepository,
      ledger: app.ledgerRepository,
      pricing: app.pricingRepository,
      whatsappPrices: app.whatsappPrices,
      subscriptions: app.subscriptionsService,
      origin: 'https://aaspaas.in',
      now: clock,
    });
    const sender = createSmsSender({
      db: app.db,
      ledger: app.ledgerRepository,
      gateway: app.smsGateway,
      tokens: app.smsOptOutTokens,
      origin: 'https://aaspaas.in',
      log: app.log,
      now: clock,
    });
    const draft = {
      templateId: promoTemplateId,
      audience: { kind: 'tags' as const, tags: ['regular'] },
      variables: [{ kind: 'text' as const, value: '₹50' }],
    };
    const preview = await campaigns.preview(shop.id, draft);
    expect(preview.windowApplies).toBe(true);
    expect(preview.sample?.encoding).toBe('UCS-2');
    expect(preview.sample?.unicodeCulprit).toBe('₹');
    const created = await campaigns.create(shop.id, { ...draft, name: 'Diwali', scheduledAt: null });
    const confirmed = await campaigns.confirm(shop.id, created.id, preview.costPaise);
    expect(confirmed.status).toBe('waiting-for-window');
    expect(confirmed.sendsAt).toBe('2026-11-21T04:30:00.000Z'); // 10:00 IST
    const sentBefore = smsc.received.length;
    expect((await sender.run(created.id)).result).toBe('later');
    expect(smsc.received.length).toBe(sentBefore);

    now = new Date('2026-11-21T04:30:00Z');
    expect((await sender.run(created.id)).result).toBe('done');
    const [sent] = smsc.received.slice(sentBefore);
    expect(sent?.header).toBe('567890');
    expect(sent?.dataCoding).toBe(8);
    expect(sent?.text).toMatch(
      /^Diwali sale ₹50 off at Kumar Store\nOpt out: https:\/\/aaspaas\.in\/o\/[0-9a-z]{8}[A-Za-z0-9_-]{12}$/,
    );

    // The link opts the number out of this business's list (GET only asks).
    const token = sent!.text.split('/o/')[1]!;
    const ask = await app.inject({ method: 'GET', url: `/o/${token}` });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('Stop SMS offers from <span class="shop">Kumar General Store</span>');
    expect(ask.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-/);
    // In the visitor's language: Hindi for a phone that asks for it, still naming the shop.
    const askHi = await app.inject({ method: 'GET', url: `/o/${token}`, headers: { 'accept-language': 'hi-IN,hi;q=0.9' } });
    expect(askHi.body).toContain('<html lang="hi"');
    expect(askHi.body).toContain('<span class="shop">Kumar General Store</span> के SMS ऑफ़र');
    const [stillIn] = await app.db.select().from(contacts).where(eq(contacts.mobileNumber, '9000000103'));
    expect(stillIn?.optedOut).toBe(false);
    const out = await app.inject({ method: 'POST', url: `/o/${token}` });
    expect(out.statusCode).toBe(200);
    expect(out.body).toContain('Done: <span class="shop">Kumar General Store</span> will not send');
    const [gone] = await app.db.select().from(contacts).where(eq(contacts.mobileNumber, '9000000103'));
    expect(gone?.optedOut).toBe(true);
    const forged = `${token.slice(0, 8)}${'A'.repeat(12)}`;
    expect((await app.inject({ method: 'POST', url: `/o/${forged}` })).statusCode).toBe(404);
  });

  it('cancels a scheduled campaign and refunds what was not sent; the admin stops one with a reason', async () => {
    const draft = {
      templateId,
      audience: { kind: 'all' },
      variables: [
        { kind: 'field', field: 'name' },
        { kind: 'text', value: 'B-2' },
      ],
    };
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const preview = (await api('POST', '/api/sms/campaigns/preview', draft)).json();
    const id = (await api('POST', '/api/sms/campaigns', { ...draft, name: 'Later', scheduledAt: later })).json().id;
    const before = await balance(shop.id);
    const confirmed = (await api('POST', `/api/sms/campaigns/${id}/confirm`, { expectedCostPaise: preview.costPaise })).json();
    expect(confirmed.status).toBe('scheduled');
    expect((await api('POST', `/api/sms/campaigns/${id}/pause`)).json().status).toBe('paused');
    const cancelled = (await api('POST', `/api/sms/campaigns/${id}/cancel`)).json();
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refundedPaise).toBe(preview.costPaise);
    expect(cancelled.progress.cancelled).toBe(preview.recipients);
    expect(await balance(shop.id)).toBe(before);
    expect((await api('POST', `/api/sms/campaigns/${id}/cancel`)).statusCode).toBe(409);

    const id2 = (await api('POST', '/api/sms/campaigns', { ...draft, name: 'Stopped', scheduledAt: later })).json().id;
    await api('POST', `/api/sms/campaigns/${id2}/confirm`, { expectedCostPaise: preview.costPaise });
    const { after } = await app.campaignsService.stop(id2, 'Complaints of spam');
    expect(after.status).toBe('stopped-by-admin');
    const seen = (await api('GET', `/api/sms/campaigns/${id2}`)).json();
    expect(seen.stopReason).toBe('Complaints of spam');
    expect(seen.refundedPaise).toBe(preview.costPaise);
    expect(await ledgerSum(shop.id)).toBe(await balance(shop.id));
  });

  it('honours a STOP reply before the next send', async () => {
    smsc.reply('9000000101', 'KUMARS', 'STOP');
    await until(async () => {
      const [c] = await app.db.select().from(contacts).where(eq(contacts.mobileNumber, '9000000101'));
      return c?.optedOut === true;
    });
    const audience = (await api('POST', '/api/sms/campaigns/audience', { audience: { kind: 'all' } })).json();
    expect(audience.leftOut.optedOut).toBe(3);
  });
});
