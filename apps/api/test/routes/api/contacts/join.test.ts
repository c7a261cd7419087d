import { randomUUID } from 'node:crypto';
import { CONTACT_MESSAGES, joinedMessage } from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '#src/db/schema';
import { JOIN_LIMIT_PER_BUSINESS_AND_IP } from '#src/plugins/app/contacts/join-limits';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { addContact, randomIp } from './contacts-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const join = (businessId: string, payload: Record<string, unknown>, remoteAddress = randomIp()) =>
  app.inject({ method: 'POST', url: `/api/public/join/${businessId}`, payload, remoteAddress });
const optOut = (businessId: string, mobileNumber: string, remoteAddress = randomIp()) =>
  app.inject({ method: 'POST', url: `/api/public/join/${businessId}/opt-out`, payload: { mobileNumber }, remoteAddress });

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

  it("answers 404 'Business not found' for an unknown, malformed or inactive business", async () => {
    const inactive = await createBusiness(app.dbHandle.db, { status: 'disabled' });
    for (const id of [randomUUID(), 'not-an-id', inactive.id]) {
      for (const res of [
        await app.inject({ method: 'GET', url: `/api/public/join/${id}` }),
        await join(id, { name: 'Asha', mobileNumber: '9820012345', consent: true }),
        await optOut(id, '9820012345'),
      ]) {
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ message: 'Business not found' });
      }
    }
  });
});

describe('POST /api/public/join/{businessId}', () => {
  it('adds the customer with the QR consent record and answers 201 with the business’s name', async () => {
    const shop = await createBusiness(app.dbHandle.db, { businessName: 'Kumar General Store' });
    const since = Date.now();
    const res = await join(shop.id, { name: ' Asha Patel ', mobileNumber: '+91 98200 12345', consent: true });
    expect(res.statusCode).toBe(201);
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
    const existing = await addContact(app, headers, {
      name: 'Asha (pays monthly)',
      mobileNumber: '9820012345',
      notes: 'credit',
      tags: ['regular'],
    });
    await optOut(shop.id, '9820012345');
    expect((await contactOf(shop.id, '9820012345'))?.optedOut).toBe(true);

    const since = Date.now();
    const res = await join(shop.id, { name: 'Someone Else', mobileNumber: '09820012345', consent: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: joinedMessage('Kumar General Store') });
    const row = await contactOf(shop.id, '9820012345');
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
    [{ name: 'Asha', mobileNumber: '9820012345' }, CONTACT_MESSAGES.consentRequired],
    [{ name: 'Asha', mobileNumber: '9820012345', consent: false }, CONTACT_MESSAGES.consentRequired],
    [{ mobileNumber: '9820012345', consent: true }, CONTACT_MESSAGES.required],
    [{ name: 'Asha', consent: true }, CONTACT_MESSAGES.required],
    [{ name: 'Asha', mobileNumber: '12345', consent: true }, CONTACT_MESSAGES.mobileInvalid],
  ])('refuses %j with 400 %s and adds nobody', async (payload, message) => {
    const shop = await createBusiness(app.dbHandle.db);
    const res = await join(shop.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field: expect.any(String) });
    expect(await app.contactsRepository.count(shop.id)).toBe(0);
  });

  it(`allows ${JOIN_LIMIT_PER_BUSINESS_AND_IP} joins per business and IP per 15 minutes`, async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const neighbour = await createBusiness(app.dbHandle.db);
    const ip = randomIp();
    for (let i = 0; i < JOIN_LIMIT_PER_BUSINESS_AND_IP; i += 1) {
      const res = await join(shop.id, { name: `Customer ${i}`, mobileNumber: String(9_100_000_000 + i), consent: true }, ip);
      expect(res.statusCode).toBe(201);
    }
    const blocked = await join(shop.id, { name: 'One more', mobileNumber: '9199999999', consent: true }, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many attempts. Please wait 15 minutes and try again.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(await contactOf(shop.id, '9199999999')).toBeNull();
    // Another shop from the same address, and the same shop from another address, still work.
    expect((await join(neighbour.id, { name: 'Other', mobileNumber: '9199999999', consent: true }, ip)).statusCode).toBe(201);
    expect((await join(shop.id, { name: 'One more', mobileNumber: '9199999999', consent: true })).statusCode).toBe(201);
  });
});

describe('POST /api/public/join/{businessId}/opt-out', () => {
  it('marks a listed number opted out, and answers a number not on the list exactly the same', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const headers = await authHeader(app, shop);
    await addContact(app, headers, { name: 'Asha', mobileNumber: '9820012345', consent: true });
    const since = Date.now();

    const listed = await optOut(shop.id, '+91 98200 12345');
    const unlisted = await optOut(shop.id, '9820099999');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ message: CONTACT_MESSAGES.optedOut });
    expect(unlisted.statusCode).toBe(listed.statusCode);
    expect(unlisted.body).toBe(listed.body);

    const row = await contactOf(shop.id, '9820012345');
    expect(row?.optedOut).toBe(true);
    const optedOutAt = row?.optedOutAt?.getTime() ?? 0;
    expect(optedOutAt).toBeGreaterThanOrEqual(since - 1000);
    expect(await contactOf(shop.id, '9820099999')).toBeNull();

    // A second opt-out keeps the first date.
    await optOut(shop.id, '9820012345');
    expect((await contactOf(shop.id, '9820012345'))?.optedOutAt?.getTime()).toBe(optedOutAt);
  });

  it('opts out of that business only, and refuses a number that cannot be one with the same message for everyone', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const neighbour = await createBusiness(app.dbHandle.db);
    await addContact(app, await authHeader(app, shop), { name: 'Asha', mobileNumber: '9820012345' });
    await addContact(app, await authHeader(app, neighbour), { name: 'Asha', mobileNumber: '9820012345' });
    await optOut(shop.id, '9820012345');
    expect((await contactOf(neighbour.id, '9820012345'))?.optedOut).toBe(false);

    const bad = await optOut(shop.id, '12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: CONTACT_MESSAGES.mobileInvalid, field: 'mobileNumber' });
  });
});
