import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, posts } from '../../src/db/schema';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '../helper';

describe('control characters at the edge', () => {
  let app: TestApp;
  let owner: { authorization: string };
  beforeAll(async () => {
    app = await buildTestApp();
    const shop = await createBusiness(app.dbHandle.db);
    owner = await authHeader(app, shop);
  });
  afterAll(() => app.close());

  it.each([
    ['/api/feed?q=a%00b', 'q'],
    ['/api/feed?category=Grocery%00', 'category'],
    ['/api/feed?q=a%07b', 'q'],
    ['/api/geo/search?q=Mum%00bai', 'q'],
    ['/api/pages/ab%00out', 'slug'],
  ])('GET %s answers 400 naming %s', async (url, field) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field} contains a control character \\(U\\+00`));
  });

  it('refuses NUL in an event batch, in a value or a key, and stores nothing', async () => {
    for (const events of [[{ name: 'page_view', path: '/\u0000' }], [{ name: 'feed_engagement', props: { 'a\u0000': 1 } }]]) {
      const res = await app.inject({ method: 'POST', url: '/api/events', payload: { events } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('control character (U+0000)');
    }
    const { rows } = await app.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM analytics_events`);
    expect(rows[0]?.n).toBe(0);
  });

  it('names the row and field of an import row with a NUL, and imports nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: owner,
      payload: {
        consent: true,
        rows: [
          { name: 'Asha', mobileNumber: '9876543210' },
          { name: 'Ravi\u0000', mobileNumber: '9876543211' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'rows[1].name contains a control character (U+0000), which is not allowed',
    );
    expect(await app.db.$count(contacts)).toBe(0);
  });

  it('keeps tab and line breaks in multi-line body text (a post), refuses other controls there', async () => {
    const category = 'Grocery';
    const ok = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: owner,
      payload: { content: 'Fresh stock\n\tbasmati rice\r\nand dal', category },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/user/posts',
      headers: owner,
      payload: { content: 'Fresh stock\u001b[31m', category },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('content contains a control character (U+001B)');
    expect(await app.db.$count(posts)).toBe(1);
  });
});
