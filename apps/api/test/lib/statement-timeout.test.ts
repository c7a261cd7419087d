import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper';

// PGlite runs one statement at a time inside this process and has no timer to cancel it with, so
// the timeout exists on PostgreSQL only (db/client.ts).
describe.skipIf(!process.env.DATABASE_URL)('a statement past the statement timeout', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await buildTestApp(
      {},
      {
        statementTimeoutMs: 300,
        beforeReady: (fastify) => {
          fastify.get('/api/test-slow', { config: { access: 'public' } }, async () => {
            await fastify.db.execute(sql`SELECT pg_sleep(${5}::float8) AS slept, ${'secret-param'}::text AS p`);
            return { slept: true };
          });
          fastify.get('/api/test-fast', { config: { access: 'public' } }, async () => {
            await fastify.db.execute(sql`SELECT pg_sleep(0.05)`);
            return { slept: true };
          });
        },
      },
    );
  });
  afterAll(() => app.close());

  it('is cancelled and answers a clean 503 with a message, not a 500, and a statement within it runs', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/test-slow' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The server is busy. Please try again in a moment.' });
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).not.toContain('pg_sleep');
    const fast = await app.inject({ method: 'GET', url: '/api/test-fast' });
    expect(fast.statusCode).toBe(200);
  });

  it('leaves no statement running on the server after the answer', async () => {
    await app.inject({ method: 'GET', url: '/api/test-slow' });
    const { rows } = await app.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query LIKE '%pg_sleep(' || '$1%' AND state = 'active'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
