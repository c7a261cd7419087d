import { randomUUID } from 'node:crypto';
import { CONSENT_CODE_MESSAGES, CONTACT_MESSAGES, joinedMessage } from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '#src/db/schema';
import { JOIN_LIMIT_PER_BUSINESS_AND_IP } from '#src/plugins/app/contacts/join-limits';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { addContact, randomIp } from './contacts-kit';
import { freshMobile, joinWithCode, latestCode, optOutWithCode, requestJoinCode, requestOptOutCode } from './consent-code-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const join = (businessId: string, payload: Record<string, unknown>, remoteAddress = randomIp()) =>
  app.inject({ method: 'POST', url: `/api/public/join/${businessId}`, payload, remoteAddress });
const optOutRaw = (businessId: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/public/join/${businessId}/opt-out`, payload, remoteAddress: randomIp() });

async function contactOf(businessId: string, mobileNumber: string) {
  const [row] = await app.dbHandle.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.userId, businessId), eq(contacts.mobileNumber, mobileNumber)));
  return row ?? null;
}

describe('GET /api/public/join/{businessId}', () => {
  it('answers the business’s public name, city and image, and nothing else', async () => {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Patel Sweets', city: 'Surat' });
    const res = await app.inject({ method: 'GET', url: `/api/public/join/${shop.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ businessId: shop.id, businessName: 'Patel Sweets', city: 'Surat', profileImageUrl: null });
  });

  it("answers 404 'Business not found' for an unknown, malformed or inactive business, and sends no code", async () => {
    const inactive = await createBusiness(app.dbHandle.db, { status: 'disabled' });
    const mobile = freshMobile();
    for (const id of [randomUUID(), 'not-an-id', inactive.id]) {
      for (const res of [
        await app.inject({ method: 'GET', url: `/api/public/join/${id}` }),
        await requestJoinCode(app, id, { name: 'Asha', mobileNumber: mobile, consent: true }),
        await requestOptOutCode(app, id, mobile),
        await join(id, { name: 'Asha', mobileNumber: mobile, consent: true, code: '123456' }),
        await optOutRaw(id, { mobileNumber: mobile, code: '123456' }),
      ]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Business not found' });
      }
    }
  });
});

describe('POST /api/public/join/{businessId}', () => {
  it('adds the customer with the QR consent record once the code sent to the number comes back, and answers 201', async () => {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Kumar General Store' });
    const since = Date.now();
    const res = await joinWithCode(app, shop.id, { name: ' Asha Patel ', mobileNumber: '+91 98200 12345' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: joinedMessage('Kumar General Store') });
    expect(joinedMessage('Kumar General Store')).toBe('You have joined Kumar General Store’s customer list.');
    const row = await contactOf(shop.id, '9820012345');
    expect(row).toMatchObject({ name: 'Asha Patel', source: 'qr', consentChannel: 'qr_opt_in', optedOut: false });
    expect(row?.consentAt?.getTime()).toBeGreaterThanOrEqual(since - 1000);
    // The business sees the new customer in its list.
    const list = await app.inject({ method: 'GET', url: '/api/contacts', headers: await authHeader(app, shop) });
    expect(list.json().contacts.map((c: { mobileNumber: string }) => c.mobileNumber)).toEqual(['9820012345']);
  });

  it('re-consents a number already on the list (opted back in, the business’s record kept) and answers exactly as for a new number', async () => {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Kumar General Store' });
    const headers = await authHeader(app, shop);
    const mobile = freshMobile();
    const existing = await addContact(app, headers, {
      name: 'Asha (pays monthly)',
      mobileNumber: mobile,
      notes: 'credit',
      tags: ['regular'],
    });
    expect((await optOutWithCode(app, shop.id, mobile)).statusCode).toBe(200);
    expect((await contactOf(shop.id, mobile))?.optedOut).toBe(true);

    const since = Date.now();
    const res = await joinWithCode(app, shop.id, { name: 'Someone Else', mobileNumber: `0${mobile}` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: joinedMessage('Kumar General Store') });
    const row = await contactOf(shop.id, mobile);
    expect(row).toMatchObject({
      id: existing.id,
      name: 'Asha (pays monthly)',
      notes: 'credit',
      tags: ['regular'],
      source: 'manual',
      consentChannel: 'qr_opt_in',
      optedOut: false,
      optedOutAt: null,
    });
    expect(row?.consentAt?.getTime()).toBeGreaterThanOrEqual(since - 1000);
  });

  it.each([
    [{ name: 'Asha', mobileNumber: '9820012345', code: '123456' }, CONTACT_MESSAGES.consentRequired],
    [{ name: 'Asha', mobileNumber: '9820012345', consent: false, code: '123456' }, CONTACT_MESSAGES.consentRequired],
    [{ mobileNumber: '9820012345', consent: true, code: '123456' }, CONTACT_MESSAGES.required],
    [{ name: 'Asha', consent: true, code: '123456' }, CONTACT_MESSAGES.required],
    [{ name: 'Asha', mobileNumber: '12345', consent: true, code: '123456' }, CONTACT_MESSAGES.mobileInvalid],
    [{ name: 'Asha', mobileNumber: '9820012345', consent: true }, CONSENT_CODE_MESSAGES.codeFormat],
    [{ name: 'Asha', mobileNumber: '9820012345', consent: true, code: '12345' }, CONSENT_CODE_MESSAGES.codeFormat],
    [{ name: 'Asha', mobileNumber: '9820012345', consent: true, code: 123456 }, CONSENT_CODE_MESSAGES.codeFormat],
    [{ name: 'Asha', mobileNumber: '9820012345', consent: true, code: '123456' }, CONSENT_CODE_MESSAGES.noCode],
  ])('refuses %j with 400 %s and adds nobody', async (payload, message) => {
    const shop = await createBusiness(app.dbHandle.db);
    const res = await join(shop.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field: expect.any(String) });
    expect(await app.contactsRepository.count(shop.id)).toBe(0);
  });

  it('takes a code once, for that business, number and form only', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const neighbour = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    expect((await requestJoinCode(app, shop.id, { name: 'Asha', mobileNumber: mobile, consent: true })).statusCode).toBe(202);
    const code = latestCode(app.config.dataDir, mobile);
    const other = mobile === '9999999999' ? '9999999998' : String(Number(mobile) + 1);

    for (const res of [
      await join(neighbour.id, { name: 'Asha', mobileNumber: mobile, consent: true, code }),
      await join(shop.id, { name: 'Asha', mobileNumber: other, consent: true, code }),
      await optOutRaw(shop.id, { mobileNumber: mobile, code }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: CONSENT_CODE_MESSAGES.noCode, field: 'code' });
    }
    expect((await join(shop.id, { name: 'Asha', mobileNumber: mobile, consent: true, code })).statusCode).toBe(201);
    const again = await join(shop.id, { name: 'Asha', mobileNumber: mobile, consent: true, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: CONSENT_CODE_MESSAGES.noCode, field: 'code' });
    expect(await app.contactsRepository.count(neighbour.id)).toBe(0);
  });

  it('counts down the tries of a wrong code, and after 5 the right code no longer works', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    await requestJoinCode(app, shop.id, { name: 'Asha', mobileNumber: mobile, consent: true });
    const code = latestCode(app.config.dataDir, mobile);
    const wrong = code === '000000' ? '000001' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await join(shop.id, { name: 'Asha', mobileNumber: mobile, consent: true, code: wrong });
      expect(res.statusCode).toBe(400);
      messages.push(res.json<{ message: string }>().message);
    }
    expect(messages).toEqual([
      'That code is not right. 4 tries left.',
      'That code is not right. 3 tries left.',
      'That code is not right. 2 tries left.',
      'That code is not right. 1 try left.',
      CONSENT_CODE_MESSAGES.dead,
    ]);
    const right = await join(shop.id, { name: 'Asha', mobileNumber: mobile, consent: true, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: CONSENT_CODE_MESSAGES.dead, field: 'code' });
    expect(await contactOf(shop.id, mobile)).toBeNull();
  });

  it(`allows ${JOIN_LIMIT_PER_BUSINESS_AND_IP} tries per business and IP per 15 minutes`, async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const neighbour = await createBusiness(app.dbHandle.db);
    const ip = randomIp();
    for (let i = 0; i < JOIN_LIMIT_PER_BUSINESS_AND_IP; i += 1) {
      const res = await join(shop.id, { name: `Customer ${i}`, mobileNumber: freshMobile(), consent: true, code: '123456' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await join(shop.id, { name: 'One more', mobileNumber: freshMobile(), consent: true, code: '123456' }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Another shop from the same address still gets an answer.
    const neighbourTry = await join(neighbour.id, { name: 'Other', mobileNumber: freshMobile(), consent: true, code: '1' }, ip);
    expect(neighbourTry.statusCode).toBe(400);
  });
});

describe('POST /api/public/join/{businessId}/opt-out', () => {
  it('marks a listed number opted out with its code, and answers a number not on the list exactly the same', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const headers = await authHeader(app, shop);
    const mobile = freshMobile();
    const unlistedMobile = freshMobile();
    await addContact(app, headers, { name: 'Asha', mobileNumber: mobile, consent: true });
    const since = Date.now();

    const listed = await optOutWithCode(app, shop.id, `+91 ${mobile}`);
    const unlisted = await optOutWithCode(app, shop.id, unlistedMobile);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ message: CONTACT_MESSAGES.optedOut });
    expect(unlisted.statusCode).toBe(listed.statusCode);
    expect(unlisted.body).toBe(listed.body);

    const row = await contactOf(shop.id, mobile);
    expect(row?.optedOut).toBe(true);
    const optedOutAt = row?.optedOutAt?.getTime() ?? 0;
    expect(optedOutAt).toBeGreaterThanOrEqual(since - 1000);
    expect(await contactOf(shop.id, unlistedMobile)).toBeNull();
  });

  it('needs the code: without one, or with a wrong one, the number stays on the list', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    await addContact(app, await authHeader(app, shop), { name: 'Asha', mobileNumber: mobile, consent: true });
    const none = await optOutRaw(shop.id, { mobileNumber: mobile });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: CONSENT_CODE_MESSAGES.codeFormat, field: 'code' });
    expect((await optOutRaw(shop.id, { mobileNumber: mobile, code: '123456' })).json()).toEqual({
      message: CONSENT_CODE_MESSAGES.noCode,
      field: 'code',
    });
    await requestOptOutCode(app, shop.id, mobile);
    const code = latestCode(app.config.dataDir, mobile);
    const wrong = await optOutRaw(shop.id, { mobileNumber: mobile, code: code === '999999' ? '999998' : '999999' });
    expect(wrong.json()).toEqual({ message: 'That code is not right. 4 tries left.', field: 'code' });
    expect((await contactOf(shop.id, mobile))?.optedOut).toBe(false);
  });

  it('opts out of that business only, and refuses a number that cannot be one with the same message for everyone', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const neighbour = await createBusiness(app.dbHandle.db);
    const mobile = freshMobile();
    await addContact(app, await authHeader(app, shop), { name: 'Asha', mobileNumber: mobile });
    await addContact(app, await authHeader(app, neighbour), { name: 'Asha', mobileNumber: mobile });
    expect((await optOutWithCode(app, shop.id, mobile)).statusCode).toBe(200);
    expect((await contactOf(neighbour.id, mobile))?.optedOut).toBe(false);

    for (const bad of [
      await requestOptOutCode(app, shop.id, '12345'),
      await optOutRaw(shop.id, { mobileNumber: '12345', code: '123456' }),
    ]) {
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: CONTACT_MESSAGES.mobileInvalid, field: 'mobileNumber' });
    }
  });
});
