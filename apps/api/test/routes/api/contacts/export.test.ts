import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { addContact, insertContacts, mobile } from './contacts-kit';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** RFC 4180 reader, written independently of the exporter: quoted cells, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) throw new Error('CSV does not end with CRLF');
  return rows;
}

describe('GET /api/contacts/export.csv', () => {
  it('downloads my contacts as CSV, escaped, with formulas neutralised', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const headers = await authHeader(app, shop);
    const other = await createBusiness(app.dbHandle.db);
    await insertContacts(app, other.id, [{ name: 'Not Mine', mobileNumber: mobile(1) }]);

    const asha = await addContact(app, headers, {
      name: 'Asha "Didi" Patel, Jr.',
      mobileNumber: '9820012345',
      email: 'asha@example.in',
      notes: 'Line one\nLine two, with comma',
      tags: ['regular', 'vip'],
      birthday: '1988-03-14',
      consent: true,
    });
    await addContact(app, headers, {
      name: '=HYPERLINK("http://evil.example","Click")',
      mobileNumber: '9820012346',
      notes: '+1 owes money',
    });
    await addContact(app, headers, { name: '@SUM(A1:A9)', mobileNumber: '9820012347', notes: '-2+3' });
    await addContact(app, headers, { name: 'रमेश कुमार', mobileNumber: '9820012348', tags: ['थोक'] });
    await app.inject({
      method: 'PUT',
      url: `/api/contacts/${(await addContact(app, headers, { name: 'Zed', mobileNumber: '9820012349' })).id}`,
      headers,
      payload: { name: 'Zed', mobileNumber: '9820012349', optedOut: true },
    });

    const res = await app.inject({ method: 'GET', url: '/api/contacts/export.csv', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="contacts.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);

    const rows = parseCsv(res.body.slice(1));
    expect(rows[0]).toEqual([
      'name',
      'mobile',
      'email',
      'tags',
      'birthday',
      'anniversary',
      'notes',
      'source',
      'consent_at',
      'opted_out',
    ]);
    const byMobile = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(rows).toHaveLength(6);
    expect(byMobile.has(mobile(1))).toBe(false);
    expect(byMobile.get('9820012345')).toEqual([
      'Asha "Didi" Patel, Jr.',
      '9820012345',
      'asha@example.in',
      'regular; vip',
      '1988-03-14',
      '',
      'Line one\nLine two, with comma',
      'manual',
      asha.consentAt,
      'no',
    ]);
    expect(byMobile.get('9820012346')?.[0]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(byMobile.get('9820012346')?.[6]).toBe("'+1 owes money");
    expect(byMobile.get('9820012347')?.slice(0, 1)).toEqual(["'@SUM(A1:A9)"]);
    expect(byMobile.get('9820012347')?.[6]).toBe("'-2+3");
    expect(byMobile.get('9820012348')?.slice(0, 4)).toEqual(['रमेश कुमार', '9820012348', '', 'थोक']);
    expect(byMobile.get('9820012349')?.[9]).toBe('yes');
    // Raw text: the quote-bearing name is one quoted cell with doubled quotes.
    expect(res.body).toContain('"Asha ""Didi"" Patel, Jr.",9820012345,');
  });

  it('answers just the header for a business without contacts', async () => {
    const shop = await createBusiness(app.dbHandle.db);
    const res = await app.inject({ method: 'GET', url: '/api/contacts/export.csv', headers: await authHeader(app, shop) });
    expect(res.body).toBe('\uFEFFname,mobile,email,tags,birthday,anniversary,notes,source,consent_at,opted_out\r\n');
  });
});
