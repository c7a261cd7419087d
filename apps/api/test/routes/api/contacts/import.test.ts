import { CONTACT_MESSAGES, CONTACTS_IMPORT_MAX_ROWS, type ContactImportResult, type ContactImportRow } from '@aaspaas/domain';
import { asc, eq, sql } from 'drizzle-orm';
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

const importRows = (headers: Record<string, string>, rows: ContactImportRow[], consent = false) =>
  app.inject({ method: 'POST', url: '/api/contacts/import', headers, payload: { rows, consent } });

const stored = (userId: string) =>
  app.dbHandle.db.select().from(contacts).where(eq(contacts.userId, userId)).orderBy(asc(contacts.mobileNumber));

describe('POST /api/contacts/import', () => {
  it('imports valid rows normalised, skips bad and duplicate rows with their 1-based row and reason', async () => {
    const { shop, headers } = await signedInShop();
    const existing = await addContact(app, headers, { name: 'Already Here', mobileNumber: '9000000005' });
    const since = Date.now();
    const res = await importRows(
      headers,
      [
        /* 1 */ {
          name: ' Asha ',
          mobileNumber: '+91 90000 00001',
          email: 'ASHA@Example.in',
          tags: ['Regular', 'regular ', 'VIP', ''],
        },
        /* 2 */ { name: 'No Number' },
        /* 3 */ { name: 'Short Number', mobileNumber: '12345' },
        /* 4 */ { name: 'Bina', mobileNumber: '09000000002', birthday: '1990-07-01', anniversary: '', notes: ' likes sweets ' },
        /* 5 */ { name: 'Bina again', mobileNumber: '9000000002' },
        /* 6 */ { name: 'Existing', mobileNumber: '90000-00005' },
        /* 7 */ { mobileNumber: '9000000006' },
        /* 8 */ { name: 'Bad Mail', mobileNumber: '9000000007', email: 'not-an-email' },
        /* 9 */ { name: 'Bad Date', mobileNumber: '9000000008', birthday: '2023-02-30' },
        /* 10 */ { name: 'Everything Wrong', mobileNumber: '   ', email: 'x@', anniversary: '31/12/2020' },
        /* 11 */ { name: 'Chetan', mobileNumber: '9000000009' },
        /* 12 */ { name: 'Chetan twin', mobileNumber: '+919000000009' },
      ],
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ContactImportResult>()).toEqual({
      imported: 3,
      duplicates: 3,
      invalid: 6,
      errors: [
        { row: 2, reason: 'Mobile number is missing' },
        { row: 3, reason: 'Mobile number 12345 is not a valid Indian mobile number' },
        { row: 5, reason: 'Duplicate of row 4' },
        { row: 6, reason: 'Already in your contacts' },
        { row: 7, reason: 'Name is missing' },
        { row: 8, reason: 'Email not-an-email is not a valid email address' },
        { row: 9, reason: 'Birthday 2023-02-30 is not a valid date (use YYYY-MM-DD)' },
        {
          row: 10,
          reason:
            'Mobile number is missing; Email x@ is not a valid email address; Anniversary 31/12/2020 is not a valid date (use YYYY-MM-DD)',
        },
        { row: 12, reason: 'Duplicate of row 11' },
      ],
    });
    const rows = await stored(shop.id);
    expect(rows.map((r) => [r.name, r.mobileNumber])).toEqual([
      ['Asha', '9000000001'],
      ['Bina', '9000000002'],
      ['Already Here', '9000000005'],
      ['Chetan', '9000000009'],
    ]);
    const [asha, bina] = rows;
    expect(asha).toMatchObject({
      email: 'asha@example.in',
      tags: ['regular', 'vip'],
      source: 'import',
      consentChannel: 'import',
    });
    expectRecent(asha?.consentAt?.toISOString() ?? null, since);
    expect(bina).toMatchObject({ birthday: '1990-07-01', anniversary: null, notes: 'likes sweets' });
    // The contact already on the list is left as it was.
    expect(rows[2]).toMatchObject({ id: existing.id, name: 'Already Here', source: 'manual', consentAt: null });
  });

  it('without consent records none', async () => {
    const { shop, headers } = await signedInShop();
    const res = await importRows(headers, [{ name: 'Asha', mobileNumber: '9000000001' }], false);
    expect(res.json<ContactImportResult>()).toMatchObject({ imported: 1, duplicates: 0, invalid: 0, errors: [] });
    expect((await stored(shop.id))[0]).toMatchObject({ source: 'import', consentAt: null, consentChannel: null });
  });

  it('refuses a file with more rows than the limit, and an empty one', async () => {
    const { headers } = await signedInShop();
    const rows = Array.from({ length: CONTACTS_IMPORT_MAX_ROWS + 1 }, (_, i) => ({ name: `C ${i}`, mobileNumber: mobile(i) }));
    const res = await importRows(headers, rows);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CONTACT_MESSAGES.importTooLarge, field: 'rows' });
    expect((await importRows(headers, [])).statusCode).toBe(400);
  });

  it('adds nothing when the database fails part-way (one transaction)', async () => {
    const { shop, headers } = await signedInShop();
    const { db } = app.dbHandle;
    // A real database failure in the second chunk of inserts.
    await db.execute(sql`CREATE FUNCTION contacts_refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Boom' THEN RAISE EXCEPTION 'refused by test trigger'; END IF; RETURN NEW; END $$`);
    await db.execute(
      sql`CREATE TRIGGER contacts_refuse_boom BEFORE INSERT ON contacts FOR EACH ROW EXECUTE FUNCTION contacts_refuse_boom()`,
    );
    try {
      const rows = Array.from({ length: 2500 }, (_, i) => ({ name: i === 1800 ? 'Boom' : `C ${i}`, mobileNumber: mobile(i) }));
      const res = await importRows(headers, rows);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expect(await app.contactsRepository.count(shop.id)).toBe(0);
    } finally {
      await db.execute(sql`DROP TRIGGER contacts_refuse_boom ON contacts`);
      await db.execute(sql`DROP FUNCTION contacts_refuse_boom()`);
    }
  });

  it('imports a 10,000-row file with bad rows mixed in', async () => {
    const { shop, headers } = await signedInShop();
    // 200 customers are already on the list: rows whose i is a multiple of 50.
    await insertContacts(
      app,
      shop.id,
      Array.from({ length: 200 }, (_, k) => ({ name: `Existing ${k}`, mobileNumber: mobile(k * 50) })),
    );
    const rows: ContactImportRow[] = [];
    const expected = new Map<number, string>();
    let fresh = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const row = i + 1;
      if (i % 97 === 3) {
        rows.push({ name: `Bad ${i}`, mobileNumber: '12345' });
        expected.set(row, 'Mobile number 12345 is not a valid Indian mobile number');
      } else if (i % 89 === 5) {
        rows.push({ name: `No number ${i}` });
        expected.set(row, 'Mobile number is missing');
      } else if (i % 83 === 7 && !expected.has(row - 1)) {
        // Same number as the row before, a valid new one.
        rows.push({ name: `Twin ${i}`, mobileNumber: rows[i - 1]?.mobileNumber ?? '' });
        expected.set(row, `Duplicate of row ${row - 1}`);
      } else {
        rows.push({
          name: `Customer ${i}`,
          mobileNumber: i % 3 === 0 ? `+91 ${mobile(i)}` : mobile(i),
          email: i % 5 === 0 ? `c${i}@example.in` : undefined,
          tags: i % 4 === 0 ? ['Regular'] : [],
        });
        if (i % 50 === 0) expected.set(row, 'Already in your contacts');
        else fresh += 1;
      }
    }
    const started = performance.now();
    const res = await importRows(headers, rows, true);
    const ms = performance.now() - started;
    console.log(`import of 10,000 rows (${app.dbHandle.kind}): ${Math.round(ms)} ms`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const result = res.json<ContactImportResult>();
    const reasons = [...expected.values()];
    expect(result).toMatchObject({
      imported: fresh,
      invalid: reasons.filter((r) => r.startsWith('Mobile')).length,
      duplicates: reasons.filter((r) => r.startsWith('Duplicate') || r.startsWith('Already')).length,
    });
    expect(result.errors).toEqual([...expected].sort(([a], [b]) => a - b).map(([row, reason]) => ({ row, reason })));
    expect(result.errors.find((e) => e.row === 4)).toEqual({
      row: 4,
      reason: 'Mobile number 12345 is not a valid Indian mobile number',
    });
    expect(result.errors.find((e) => e.row === 1)).toEqual({ row: 1, reason: 'Already in your contacts' });
    expect(await app.contactsRepository.count(shop.id)).toBe(200 + fresh);

    const exportStarted = performance.now();
    const csv = await app.inject({ method: 'GET', url: '/api/contacts/export.csv', headers });
    console.log(`export of ${200 + fresh} contacts as CSV: ${Math.round(performance.now() - exportStarted)} ms`);
    expect(csv.body.split('\r\n')).toHaveLength(1 + 200 + fresh + 1);

    const listed = await app.inject({ method: 'GET', url: '/api/contacts', headers, query: { tag: 'regular', limit: '1' } });
    expect(listed.json().total).toBeGreaterThan(2000);
  });
});
