import { randomUUID } from 'node:crypto';
import { AUTH_MESSAGES, CONTACT_MESSAGES, type Contact, type ContactList } from '@aaspaas/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { addContact, expectRecent, insertContacts, mobile } from './contacts-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function signedInShop() {
  const shop = await createBusiness(app.dbHandle.db);
  return { shop, headers: await authHeader(app, shop) };
}

const list = async (headers: Record<string, string>, query: Record<string, string | number> = {}) => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/contacts',
    headers,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ContactList>();
};

describe('contacts: sign-in', () => {
  it('every contacts route answers 401 authFailed without a valid token, before looking at the input', async () => {
    const id = randomUUID();
    for (const headers of [{}, { authorization: 'Bearer not-a-jwt' }]) {
      for (const [method, url] of [
        ['GET', '/api/contacts'],
        ['POST', '/api/contacts'],
        ['GET', `/api/contacts/${id}`],
        ['PUT', `/api/contacts/${id}`],
        ['DELETE', `/api/contacts/${id}`],
        ['GET', '/api/contacts/not-an-id'],
        ['POST', '/api/contacts/delete'],
        ['POST', '/api/contacts/import'],
        ['GET', '/api/contacts/export.csv'],
      ] as const) {
        const res = await app.inject({ method, url, headers, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json()).toEqual({ message: AUTH_MESSAGES.authFailed });
      }
    }
  });
});

describe('POST /api/contacts', () => {
  it('adds a contact with every field, the number in 10-digit form, source manual, consent dated in person', async () => {
    const { headers } = await signedInShop();
    const since = Date.now();
    const contact = await addContact(app, headers, {
      name: '  Asha Patel ',
      mobileNumber: '+91 98200 12345',
      email: ' Asha.Patel@Example.IN ',
      notes: 'Prefers evening delivery',
      tags: ['Regular', 'wholesale', ' regular '],
      birthday: '1988-03-14',
      anniversary: '2012-11-25',
      consent: true,
    });
    expect(contact).toMatchObject({
      name: 'Asha Patel',
      mobileNumber: '9820012345',
      email: 'asha.patel@example.in',
      notes: 'Prefers evening delivery',
      tags: ['regular', 'wholesale'],
      birthday: '1988-03-14',
      anniversary: '2012-11-25',
      source: 'manual',
      consentChannel: 'in_person',
      optedOut: false,
      optedOutAt: null,
    });
    expectRecent(contact.consentAt, since);
    const got = await app.inject({ method: 'GET', url: `/api/contacts/${contact.id}`, headers });
    expect(got.json()).toEqual(contact);
  });

  it('records the consent channel given, and no consent when the box is not ticked', async () => {
    const { headers } = await signedInShop();
    const byPhone = await addContact(app, headers, {
      name: 'Ravi',
      mobileNumber: mobile(1),
      consent: true,
      consentChannel: 'phone',
    });
    expect(byPhone.consentChannel).toBe('phone');
    const none = await addContact(app, headers, { name: 'Meena', mobileNumber: mobile(2), consentChannel: 'phone' });
    expect(none).toMatchObject({ consentAt: null, consentChannel: null, email: null, notes: null, tags: [], birthday: null });
  });

  it.each([['+91 98201 23456'], ['098201-23456'], ['98201 23456'], ['0091 9820123456'], ['919820123456'], ['(98201) 23-456']])(
    'normalises %s to 9820123456',
    async (mobileNumber) => {
      const { headers } = await signedInShop();
      expect((await addContact(app, headers, { name: 'Sunil', mobileNumber })).mobileNumber).toBe('9820123456');
    },
  );

  it.each([
    [{}, CONTACT_MESSAGES.required],
    [{ name: 'Asha' }, CONTACT_MESSAGES.required],
    [{ mobileNumber: '9820012345' }, CONTACT_MESSAGES.required],
    [{ name: '   ', mobileNumber: '9820012345' }, CONTACT_MESSAGES.required],
    [{ name: 'Asha', mobileNumber: '' }, CONTACT_MESSAGES.required],
    [{ name: 'Asha', mobileNumber: '12345' }, CONTACT_MESSAGES.mobileInvalid],
    [{ name: 'Asha', mobileNumber: '5820012345' }, CONTACT_MESSAGES.mobileInvalid],
    [{ name: 'Asha', mobileNumber: '+1 415 555 0100' }, CONTACT_MESSAGES.mobileInvalid],
    [{ name: 'Asha', mobileNumber: '9820012345', email: 'asha@' }, CONTACT_MESSAGES.emailInvalid],
    [{ name: 'Asha', mobileNumber: '9820012345', birthday: '14-03-1988' }, CONTACT_MESSAGES.dateInvalid],
    // Date.parse would roll this over to 2 March; the database would refuse it.
    [{ name: 'Asha', mobileNumber: '9820012345', anniversary: '2023-02-30' }, CONTACT_MESSAGES.dateInvalid],
  ])('refuses %j with 400 %s and stores nothing', async (payload, message) => {
    const { shop, headers } = await signedInShop();
    const res = await app.inject({ method: 'POST', url: '/api/contacts', headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, field: expect.any(String) });
    expect(await app.contactsRepository.count(shop.id)).toBe(0);
  });

  it('answers 409 with the existing id for the same number in any form; another business may have it', async () => {
    const { headers } = await signedInShop();
    const first = await addContact(app, headers, { name: 'Asha', mobileNumber: '9820012345' });
    for (const mobileNumber of ['9820012345', '+91-98200-12345', '09820012345']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/contacts',
        headers,
        payload: { name: 'Asha again', mobileNumber },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CONTACT_MESSAGES.duplicate, field: 'mobileNumber', existingId: first.id });
    }
    const other = await signedInShop();
    expect((await addContact(app, other.headers, { name: 'Asha', mobileNumber: '9820012345' })).id).not.toBe(first.id);
  });

  it('lets exactly one of several simultaneous adds of a number through', async () => {
    const { shop, headers } = await signedInShop();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/contacts',
          headers,
          payload: { name: `Caller ${i}`, mobileNumber: '9123456780' },
        }),
      ),
    );
    const created = answers.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const id = created[0]?.json<Contact>().id;
    for (const res of answers.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: CONTACT_MESSAGES.duplicate, field: 'mobileNumber', existingId: id });
    }
    expect(await app.contactsRepository.count(shop.id)).toBe(1);
  });
});

describe('GET/PUT/DELETE /api/contacts/{id}', () => {
  it("answers a malformed id 400 'Invalid contact ID' on GET, PUT and DELETE", async () => {
    const { headers } = await signedInShop();
    for (const id of ['not-an-id', '123', `${randomUUID()}x`]) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await app.inject({
          method,
          url: `/api/contacts/${id}`,
          headers,
          payload: method === 'PUT' ? { name: 'Asha', mobileNumber: '9820012345' } : undefined,
        });
        expect(res.statusCode, `${method} ${id}`).toBe(400);
        expect(res.json()).toEqual({ message: CONTACT_MESSAGES.invalidId });
      }
    }
  });

  it("gives another business's contact exactly the answer of a missing one, and leaves it untouched", async () => {
    const owner = await signedInShop();
    const stranger = await signedInShop();
    const theirs = await addContact(app, owner.headers, {
      name: 'Private Customer',
      mobileNumber: '9876543210',
      notes: 'owes ₹500',
    });
    const missing = randomUUID();
    const body = { name: 'Changed', mobileNumber: '9876543210' };
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? body : undefined;
      const foreign = await app.inject({ method, url: `/api/contacts/${theirs.id}`, headers: stranger.headers, payload });
      const absent = await app.inject({ method, url: `/api/contacts/${missing}`, headers: stranger.headers, payload });
      expect(foreign.statusCode, method).toBe(404);
      expect(absent.statusCode, method).toBe(404);
      expect(foreign.body).toBe(absent.body);
      expect(foreign.json()).toEqual({ message: CONTACT_MESSAGES.notFound });
      expect(foreign.headers['content-type']).toBe(absent.headers['content-type']);
    }
    const still = await app.inject({ method: 'GET', url: `/api/contacts/${theirs.id}`, headers: owner.headers });
    expect(still.json()).toEqual(theirs);
  });

  it('PUT replaces the editable fields; absent optional fields are cleared', async () => {
    const { headers } = await signedInShop();
    const before = await addContact(app, headers, {
      name: 'Asha',
      mobileNumber: '9820012345',
      email: 'asha@example.in',
      notes: 'note',
      tags: ['regular'],
      birthday: '1988-03-14',
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${before.id}`,
      headers,
      payload: { name: 'Asha Patel', mobileNumber: '+91 91234 56789', tags: ['VIP'], anniversary: '2010-01-31', email: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Contact>();
    expect(after).toMatchObject({
      id: before.id,
      name: 'Asha Patel',
      mobileNumber: '9123456789',
      email: null,
      notes: null,
      tags: ['vip'],
      birthday: null,
      anniversary: '2010-01-31',
      source: 'manual',
      createdAt: before.createdAt,
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
  });

  it('PUT: consent on is dated once, off clears it; opted out is dated and undone; absent flags change nothing', async () => {
    const { headers } = await signedInShop();
    const c = await addContact(app, headers, { name: 'Ravi', mobileNumber: '9811111111' });
    const put = async (extra: Record<string, unknown>) => {
      const res = await app.inject({
        method: 'PUT',
        url: `/api/contacts/${c.id}`,
        headers,
        payload: { name: 'Ravi', mobileNumber: '9811111111', ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Contact>();
    };
    const since = Date.now();
    const consented = await put({ consent: true, consentChannel: 'whatsapp' });
    expect(consented.consentChannel).toBe('whatsapp');
    expectRecent(consented.consentAt, since);
    const again = await put({ consent: true, consentChannel: 'phone' });
    expect(again).toMatchObject({ consentAt: consented.consentAt, consentChannel: 'whatsapp' });
    expect(await put({})).toMatchObject({ consentAt: consented.consentAt, optedOut: false });

    const out = await put({ optedOut: true });
    expect(out.optedOut).toBe(true);
    expectRecent(out.optedOutAt, since);
    expect((await put({ optedOut: true })).optedOutAt).toBe(out.optedOutAt);
    expect(await put({})).toMatchObject({ optedOut: true, optedOutAt: out.optedOutAt });
    expect(await put({ optedOut: false })).toMatchObject({ optedOut: false, optedOutAt: null });
    expect(await put({ consent: false })).toMatchObject({ consentAt: null, consentChannel: null });
  });

  it('PUT to a number another contact has answers 409 with that contact’s id', async () => {
    const { headers } = await signedInShop();
    const a = await addContact(app, headers, { name: 'A', mobileNumber: '9800000001' });
    const b = await addContact(app, headers, { name: 'B', mobileNumber: '9800000002' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${b.id}`,
      headers,
      payload: { name: 'B', mobileNumber: '098000-00001' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.duplicate, field: 'mobileNumber', existingId: a.id });
    // Keeping its own number is not a clash.
    const same = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${b.id}`,
      headers,
      payload: { name: 'B2', mobileNumber: '9800000002' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('PUT refuses invalid fields with the spec message', async () => {
    const { headers } = await signedInShop();
    const c = await addContact(app, headers, { name: 'Ravi', mobileNumber: '9811111112' });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/contacts/${c.id}`,
      headers,
      payload: { name: '', mobileNumber: '9811111112' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.required, field: 'name' });
  });

  it('DELETE answers 204, then 404 for the same id', async () => {
    const { shop, headers } = await signedInShop();
    const c = await addContact(app, headers, { name: 'Gone Soon', mobileNumber: '9822222222' });
    const res = await app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const again = await app.inject({ method: 'DELETE', url: `/api/contacts/${c.id}`, headers });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: CONTACT_MESSAGES.notFound });
    expect(await app.contactsRepository.count(shop.id)).toBe(0);
  });
});

describe('POST /api/contacts/delete', () => {
  it("deletes only the caller's ids and answers how many", async () => {
    const me = await signedInShop();
    const them = await signedInShop();
    const mine = [
      await addContact(app, me.headers, { name: 'Mine 1', mobileNumber: mobile(11) }),
      await addContact(app, me.headers, { name: 'Mine 2', mobileNumber: mobile(12) }),
      await addContact(app, me.headers, { name: 'Mine 3', mobileNumber: mobile(13) }),
    ];
    const theirs = await addContact(app, them.headers, { name: 'Theirs', mobileNumber: mobile(11) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/contacts/delete',
      headers: me.headers,
      payload: { ids: [mine[0]?.id, mine[1]?.id, mine[1]?.id, theirs.id, randomUUID()] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await list(me.headers)).contacts.map((c) => c.id)).toEqual([mine[2]?.id]);
    expect((await list(them.headers)).contacts.map((c) => c.id)).toEqual([theirs.id]);
  });

  it("refuses a malformed id with 'Invalid contact ID' and an empty list", async () => {
    const { headers } = await signedInShop();
    const bad = await app.inject({ method: 'POST', url: '/api/contacts/delete', headers, payload: { ids: ['abc'] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: CONTACT_MESSAGES.invalidId, field: 'ids' });
    const empty = await app.inject({ method: 'POST', url: '/api/contacts/delete', headers, payload: { ids: [] } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/contacts', () => {
  it("lists only the caller's contacts, by name, with the total and the business's tags", async () => {
    const me = await signedInShop();
    const them = await signedInShop();
    await insertContacts(app, me.shop.id, [
      { name: 'zara Khan', mobileNumber: mobile(21), tags: ['regular'] },
      { name: 'Amit Shah', mobileNumber: mobile(22), tags: ['wholesale', 'regular'] },
      { name: 'Meena Iyer', mobileNumber: mobile(23) },
    ]);
    await insertContacts(app, them.shop.id, [{ name: 'Bharat Rao', mobileNumber: mobile(24), tags: ['secret-tag'] }]);
    const page = await list(me.headers);
    expect(page.contacts.map((c) => c.name)).toEqual(['Amit Shah', 'Meena Iyer', 'zara Khan']);
    expect(page).toMatchObject({ total: 3, nextCursor: null, tags: ['regular', 'wholesale'] });
    const empty = await list((await signedInShop()).headers);
    expect(empty).toEqual({ contacts: [], total: 0, nextCursor: null, tags: [] });
  });

  it('searches names (any case, anywhere) and numbers (digits, any accepted form); % and _ are plain text', async () => {
    const { shop, headers } = await signedInShop();
    await insertContacts(app, shop.id, [
      { name: 'Ramesh Kumar', mobileNumber: '9820012345' },
      { name: 'Sriram Iyer', mobileNumber: '9930098200' },
      { name: 'Priya Nair', mobileNumber: '9812398201' },
      { name: 'Anita 100% Cotton', mobileNumber: '7012345678' },
      { name: 'Deepa_Das', mobileNumber: '6012345678' },
    ]);
    const names = async (q: string) => (await list(headers, { q })).contacts.map((c) => c.name);
    expect(await names('RAM')).toEqual(['Ramesh Kumar', 'Sriram Iyer']);
    expect(await names('98200')).toEqual(['Ramesh Kumar', 'Sriram Iyer']);
    expect(await names('+91 98200 12345')).toEqual(['Ramesh Kumar']);
    expect(await names('098200-12345')).toEqual(['Ramesh Kumar']);
    expect(await names('+91 9930')).toEqual(['Sriram Iyer']);
    expect(await names('2345678')).toEqual(['Anita 100% Cotton', 'Deepa_Das']);
    expect(await names('%')).toEqual(['Anita 100% Cotton']);
    expect(await names('_')).toEqual(['Deepa_Das']);
    expect(await names('nobody')).toEqual([]);
    const counted = await list(headers, { q: 'ram', limit: 1 });
    expect(counted.total).toBe(2);
    expect(counted.contacts).toHaveLength(1);
  });

  it('filters by tag (any case) and combines it with the search', async () => {
    const { shop, headers } = await signedInShop();
    await insertContacts(app, shop.id, [
      { name: 'Asha', mobileNumber: mobile(31), tags: ['regular'] },
      { name: 'Bina', mobileNumber: mobile(32), tags: ['wholesale', 'regular'] },
      { name: 'Chetan', mobileNumber: mobile(33), tags: ['wholesale'] },
      { name: 'Regular Joe', mobileNumber: mobile(34) },
    ]);
    const regular = await list(headers, { tag: 'Regular' });
    expect(regular.contacts.map((c) => c.name)).toEqual(['Asha', 'Bina']);
    expect(regular.total).toBe(2);
    expect(regular.tags).toEqual(['regular', 'wholesale']);
    expect((await list(headers, { tag: 'wholesale', q: 'bi' })).contacts.map((c) => c.name)).toEqual(['Bina']);
  });

  it('keyset pages cover every contact exactly once, ties broken by id, in the order of one big page', async () => {
    const { shop, headers } = await signedInShop();
    const rows = Array.from({ length: 137 }, (_, i) => ({
      // Repeated names and names differing only in case sit on page boundaries.
      name:
        i % 10 === 0
          ? 'Same Name'
          : i % 10 === 1
            ? i % 20 === 1
              ? 'same name'
              : 'SAME NAME'
            : `Customer ${String(i).padStart(3, '0')}`,
      mobileNumber: mobile(1000 + i),
    }));
    await insertContacts(app, shop.id, rows);
    const whole = await list(headers, { limit: 200 });
    expect(whole.contacts).toHaveLength(137);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ContactList = await list(headers, cursor ? { limit: 10, cursor } : { limit: 10 });
      expect(page.total).toBe(137);
      seen.push(...page.contacts.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(14);
    expect(seen).toEqual(whole.contacts.map((c) => c.id));
    expect(new Set(seen).size).toBe(137);
  });

  it('a cursor still works after the contact it points at is deleted', async () => {
    const { shop, headers } = await signedInShop();
    await insertContacts(
      app,
      shop.id,
      ['A', 'B', 'C', 'D'].map((name, i) => ({ name, mobileNumber: mobile(2000 + i) })),
    );
    const first = await list(headers, { limit: 2 });
    const last = first.contacts[1];
    if (!last || !first.nextCursor) throw new Error('expected a second page');
    await app.dbHandle.db.delete(contacts).where(eq(contacts.id, last.id));
    const next = await list(headers, { limit: 2, cursor: first.nextCursor });
    expect(next.contacts.map((c) => c.name)).toEqual(['C', 'D']);
  });

  it('refuses a malformed cursor and an out-of-range limit', async () => {
    const { headers } = await signedInShop();
    for (const query of [
      { cursor: 'not a cursor' },
      { cursor: 'bm90IGpzb24' },
      { cursor: Buffer.from('["x","y"]').toString('base64url') },
      { limit: '0' },
      { limit: '201' },
    ] as Record<string, string>[]) {
      const res = await app.inject({ method: 'GET', url: '/api/contacts', headers, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('contacts in the account', () => {
  it('GET /api/user/stats counts the caller’s contacts', async () => {
    const me = await signedInShop();
    const them = await signedInShop();
    await insertContacts(
      app,
      me.shop.id,
      [1, 2, 3].map((i) => ({ name: `C${i}`, mobileNumber: mobile(3000 + i) })),
    );
    await insertContacts(app, them.shop.id, [{ name: 'Other', mobileNumber: mobile(3001) }]);
    const res = await app.inject({ method: 'GET', url: '/api/user/stats', headers: me.headers });
    expect(res.json()).toMatchObject({ contacts: 3, sentSms: 0 });
  });

  it('deleting the account deletes its contacts and no one else’s', async () => {
    const me = await signedInShop();
    const them = await signedInShop();
    await insertContacts(
      app,
      me.shop.id,
      [1, 2].map((i) => ({ name: `C${i}`, mobileNumber: mobile(4000 + i) })),
    );
    await insertContacts(app, them.shop.id, [{ name: 'Kept', mobileNumber: mobile(4001) }]);
    const res = await app.inject({ method: 'DELETE', url: '/api/user/me', headers: me.headers });
    expect(res.statusCode).toBe(204);
    const left = await app.dbHandle.db.select().from(contacts).where(eq(contacts.userId, me.shop.id));
    expect(left).toEqual([]);
    expect(await app.contactsRepository.count(them.shop.id)).toBe(1);
  });
});

describe('contacts in the API document', () => {
  it('lists every contacts and opt-in route', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/contacts/',
        '/api/contacts/{id}',
        '/api/contacts/delete',
        '/api/contacts/import',
        '/api/contacts/export.csv',
        '/api/public/join/{businessId}',
        '/api/public/join/{businessId}/opt-out',
        '/api/public/join/{businessId}/code',
        '/api/public/join/{businessId}/opt-out/code',
      ]),
    );
  });
});
