import { type Category } from '@aaspaas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, type TestApp } from '#test/helper';
import { freePort, type LocalRedis, localRedis } from '#test/local-redis';

const ADMIN = 'redis-outage.admin@aaspaas.in';
const WAIT_MS = 10_000;

const menu = async (app: TestApp) =>
  (await app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>().map((c) => c.name);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Two processes on one database: PostgreSQL only (PGlite lives in one process).
describe.skipIf(!process.env.DATABASE_URL)('shared state when Redis goes away and comes back (ADR 046)', () => {
  let redis: LocalRedis;
  let a: TestApp;
  let b: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    // A Redis of the test's own, which it stops: never the shared one.
    redis = localRedis(await freePort());
    await redis.start();
    const env = { REDIS_URL: redis.url, ADMIN_EMAILS: ADMIN, JWT_SECRET: 'redis-outage-test-'.repeat(3) };
    a = await buildTestApp(env);
    b = await buildTestApp(env, { sameDatabaseAs: a });
    admin = await authHeader(a, await createBusiness(a.db, { username: ADMIN, emailVerifiedAt: new Date() }));
    const res = await a.inject({
      method: 'POST',
      url: '/api/admin/categories/business',
      headers: admin,
      payload: { name: 'Sweets' },
    });
    expect(res.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it('a change made while Redis is away is saved and shown here; the other process clears its caches when Redis is back', async () => {
    expect(a.invalidationService.via).toBe('redis');
    expect(await menu(b)).toContain('Sweets');
    await redis.stop();

    const [sweets] = (await a.inject({ method: 'GET', url: '/api/admin/categories/business', headers: admin })).json<
      { id: string }[]
    >();
    const renamed = await a.inject({
      method: 'PUT',
      url: `/api/admin/categories/business/${sweets!.id}`,
      headers: admin,
      payload: { name: 'Sweets and Snacks' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await menu(a)).toContain('Sweets and Snacks');
    // The message could not go: the other process still has its menu.
    expect(await menu(b)).toContain('Sweets');

    await redis.start();
    expect(
      await eventually(
        () => menu(b),
        (names) => names.includes('Sweets and Snacks'),
      ),
    ).toContain('Sweets and Snacks');
  });

  it("an SMS goes out at this process's own pace while Redis is away", async () => {
    await redis.stop();
    const result = await a.smsGateway.submit({
      to: '9000000601',
      header: 'AASPAS',
      entityId: '1001000000000000000',
      templateId: '1007000000000000001',
      text: 'Your code is 123456',
      encoding: 'GSM-7',
      parts: 1,
      idempotencyKey: 'redis-outage:1',
    });
    expect(result.ok).toBe(true);
    await redis.start();
  });
});
