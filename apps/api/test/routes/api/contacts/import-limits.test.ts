import { CONTACT_IMPORTS_PER_HOUR, CONTACTS_MAX_PER_BUSINESS, type ContactImportRow } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '#src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { joinWithCode } from './consent-code-kit';
import { mobile } from './contacts-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

async function signedInShop() {
  const shop = await createBusiness(app.dbHandle.db);
  return { shop, headers: await authHeader(app, shop) };
}

const rowsFrom = (first: number, n: number): ContactImportRow[] =>
  Array.from({ length: n }, (_, i) => ({ name: `Customer ${first + i}`, mobileNumber: mobile(first + i), notes: 'Buys rice' }));

const importRows = (headers: Record<string, string>, rows: ContactImportRow[]) =>
  app.inject({ method: 'POST', url: '/api/contacts/import', headers, payload: { rows, consent: true } });

const countOf = (userId: string) => app.dbHandle.db.$count(contacts, eq(contacts.userId, userId));

describe('large imports and the size of a contact list', () => {
  it('keeps answering other requests, database ones included, while 20,000 rows go in', async () => {
    const { shop, headers } = await signedInShop();
    let importDone = false;
    const importing = importRows(headers, rowsFrom(0, 20_000)).then((res) => {
      importDone = true;
      return res;
    });
    // Health reads the database: each answer that comes back before the import's proves the import
    // did not hold the server (or the embedded database) from start to end.
    let answeredDuringImport = 0;
    while (!importDone) {
      // A real client's next request arrives through the network, i.e. on a later turn of the loop.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      if (!importDone) answeredDuringImport += 1;
    }
    const res = await importing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: 20_000, duplicates: 0, invalid: 0 });
    expect(await countOf(shop.id)).toBe(20_000);
    expect(answeredDuringImport).toBeGreaterThanOrEqual(3);
  });

  it(`refuses, whole, an import that would take the list past ${CONTACTS_MAX_PER_BUSINESS}`, async () => {
    const { shop, headers } = await signedInShop();
    // The same numbers rowsFrom(0, n) gives (mobile(i) = 9000000000 + i), written in one statement.
    await app.dbHandle.db.execute(
      sql`INSERT INTO contacts (user_id, name, mobile_number)
          SELECT ${shop.id}::uuid, 'Customer ' || i, (9000000000 + i)::text FROM generate_series(0, ${CONTACTS_MAX_PER_BUSINESS - 6}) AS i`,
    );
    // Five numbers already on the list do not count; six new ones are one too many.
    const res = await importRows(headers, [...rowsFrom(0, 5), ...rowsFrom(CONTACTS_MAX_PER_BUSINESS, 6)]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      message:
        'This file would add 6 new contacts, but your list has room for 5 more (a business can keep up to 20,000). Nothing was imported.',
    });
    expect(await countOf(shop.id)).toBe(CONTACTS_MAX_PER_BUSINESS - 5);

    // Exactly as many as fit: all go in; then the list is full for a contact added by hand too.
    const fits = await importRows(headers, rowsFrom(CONTACTS_MAX_PER_BUSINESS, 5));
    expect(fits.statusCode, fits.body).toBe(200);
    expect(await countOf(shop.id)).toBe(CONTACTS_MAX_PER_BUSINESS);
    const byHand = await app.inject({
      method: 'POST',
      url: '/api/contacts',
      headers,
      payload: { name: 'One More', mobileNumber: '8000000001' },
    });
    expect(byHand.statusCode, byHand.body).toBe(409);
    expect(byHand.json<{ message: string }>().message).toMatch(/^Your contact list is full/);
    const viaQr = await joinWithCode(app, shop.id, { name: 'One More', mobileNumber: '8000000001' });
    expect(viaQr.statusCode, viaQr.body).toBe(409);
    expect(await countOf(shop.id)).toBe(CONTACTS_MAX_PER_BUSINESS);
  });

  it(`allows ${CONTACT_IMPORTS_PER_HOUR} imports an hour per business, then answers 429 with when to try again`, async () => {
    const { headers } = await signedInShop();
    for (let i = 0; i < CONTACT_IMPORTS_PER_HOUR; i += 1) {
      expect((await importRows(headers, rowsFrom(100 + i, 1))).statusCode).toBe(200);
    }
    const refused = await importRows(headers, rowsFrom(500, 1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toMatch(/Please wait \d+ minutes? and try again/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another business has its own budget.
    const other = await signedInShop();
    expect((await importRows(other.headers, rowsFrom(600, 1))).statusCode).toBe(200);
  });
});
