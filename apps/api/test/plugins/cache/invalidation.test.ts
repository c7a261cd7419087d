import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Category, FIRST_FEED_PAGE_ELEMENT_ID, type Post } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, createBusiness, createPost, type TestApp } from '#test/helper';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Aaspaas</title></head><body><div id="root"></div></body></html>';
const ADMIN = 'invalidation.admin@aaspaas.in';
/** Far longer than the wait below: a cache seen fresh within the wait was cleared, not expired. */
const CACHE_MS = '600000';
/** Messages arrive in milliseconds; the wait is generous for a loaded test machine. */
const WAIT_MS = 5000;
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Polls `read` until `done` holds of it or the wait is over; the last value read. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The ids of the posts in the feed's first-page data block of a first visit to `/`. */
async function firstScreenIds(app: TestApp): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: '/', remoteAddress: '127.0.0.1', headers: { 'x-no-compression': '1' } });
  const json = new RegExp(`<script type="application/json" id="${FIRST_FEED_PAGE_ELEMENT_ID}">(.*?)</script>`, 's').exec(
    res.body,
  )?.[1];
  return (JSON.parse(json ?? '{"posts":[]}') as { posts: Post[] }).posts.map((p) => p.id);
}

const menu = async (app: TestApp) =>
  (await app.inject({ method: 'GET', url: '/api/categories' })).json<Category[]>().map((c) => c.name);

describe('caches a person can see are cleared in every process (ADR 046)', () => {
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-invalidation-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), INDEX);
  // One deployment's processes share the token key, so the admin's token works on each.
  const env = {
    WEB_DIST_DIR: webDir,
    FIRST_SCREEN_CACHE_MS: CACHE_MS,
    ADMIN_EMAILS: ADMIN,
    JWT_SECRET: 'invalidation-test-'.repeat(3),
  };
  /** Pairs of processes on one database: through Redis when the run has it, and through PostgreSQL. */
  const pairs: { via: string; a: TestApp; b: TestApp }[] = [];
  let single: TestApp;
  let admin: { authorization: string };

  beforeAll(async () => {
    single = await buildTestApp(env);
    const adminRow = await createBusiness(single.db, { username: ADMIN, emailVerifiedAt: new Date() });
    admin = await authHeader(single, adminRow);
    for (const name of ['Grocery', 'Sweets', 'Snacks', 'Pharmacy']) {
      const res = await single.inject({
        method: 'POST',
        url: '/api/admin/categories/business',
        headers: admin,
        payload: { name },
      });
      expect(res.statusCode).toBe(201);
    }
    if (!onPostgres) return;
    // Every app on the first one's database: a second process of one deployment.
    const sameDatabaseAs = single;
    if (process.env.REDIS_URL) {
      pairs.push({ via: 'redis', a: single, b: await buildTestApp(env, { sameDatabaseAs }) });
    }
    const withoutRedis = { ...env, REDIS_URL: '' };
    pairs.push({
      via: 'postgres',
      a: await buildTestApp(withoutRedis, { sameDatabaseAs }),
      b: await buildTestApp(withoutRedis, { sameDatabaseAs }),
    });
  }, 120_000);
  afterAll(async () => {
    // The first app drops the database: the others close before it.
    for (const { a, b } of pairs) {
      if (b !== single) await b.close();
      if (a !== single) await a.close();
    }
    await single?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const renameCategory = async (app: TestApp, from: string, to: string) => {
    const list = (await app.inject({ method: 'GET', url: '/api/admin/categories/business', headers: admin })).json<
      { id: string; name: string }[]
    >();
    const category = list.find((c) => c.name === from);
    if (!category) throw new Error(`no category ${from}`);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/admin/categories/business/${category.id}`,
      headers: admin,
      payload: { name: to },
    });
    expect(res.statusCode).toBe(200);
  };

  const hidePost = async (app: TestApp, id: string) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/posts/${id}/hide`,
      headers: admin,
      payload: { reason: 'spam' },
    });
    expect(res.statusCode).toBe(204);
  };

  it('in one process: a renamed category and a hidden post are gone from its next answers', async () => {
    const [first] = await menu(single);
    expect(first).toBeDefined();
    await renameCategory(single, first!, `${first} One`);
    expect(await menu(single)).toContain(`${first} One`);

    const shop = await createBusiness(single.db);
    const post = await createPost(single.db, shop, { content: 'Hidden in one process' });
    expect(await firstScreenIds(single)).toContain(post.id);
    await hidePost(single, post.id);
    expect(await firstScreenIds(single)).not.toContain(post.id);
  });

  it.skipIf(!onPostgres)('uses Redis when the run has it, else PostgreSQL (PGlite: one process, nothing to tell)', () => {
    expect(pairs.map((p) => [p.a.invalidationService.via, p.b.invalidationService.via])).toEqual(
      pairs.map((p) => [p.via, p.via]),
    );
  });

  it.skipIf(!onPostgres)("a category renamed on one process is on the other's menu at once", async () => {
    for (const { via, a, b } of pairs) {
      const before = await menu(b);
      const name = before[1]!;
      // B has cached its menu (for CACHE_MS); A renames.
      await renameCategory(a, name, `${name} ${via}`);
      const after = await eventually(
        () => menu(b),
        (names) => names.includes(`${name} ${via}`),
      );
      expect(after, via).toContain(`${name} ${via}`);
      expect(after, via).not.toContain(name);
    }
  });

  it.skipIf(!onPostgres)("a post the admin hides on one process leaves the other's first screen at once", async () => {
    for (const { via, a, b } of pairs) {
      const shop = await createBusiness(a.db);
      const post = await createPost(a.db, shop, { content: `Hidden through ${via}` });
      // B keeps the place's first screen (for CACHE_MS) with the new post on it.
      const shown = await eventually(
        () => firstScreenIds(b),
        (ids) => ids.includes(post.id),
      );
      expect(shown, via).toContain(post.id);
      await hidePost(a, post.id);
      const after = await eventually(
        () => firstScreenIds(b),
        (ids) => !ids.includes(post.id),
      );
      expect(after, via).not.toContain(post.id);
    }
  });

  it.skipIf(!onPostgres)(
    'a process whose listening connection broke listens again, and clears its caches when it is back',
    async () => {
      const { a, b } = pairs.find((p) => p.via === 'postgres')!;
      const name = (await menu(b))[2]!;
      // Renamed behind every process's back (no message): B keeps its menu.
      await a.db.execute(sql`UPDATE business_categories SET name = ${`${name} Renamed`} WHERE name = ${name}`);
      expect(await menu(b)).toContain(name);
      // The listening connections break (a restarted database, a network cut): messages sent meanwhile are lost.
      const { rows } = await a.db.execute<{ pid: number }>(sql`
      SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
       WHERE datname = current_database() AND query = 'LISTEN aaspaas_invalidate'`);
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const after = await eventually(
        () => menu(b),
        (names) => names.includes(`${name} Renamed`),
      );
      expect(after).toContain(`${name} Renamed`);
      // And it hears again.
      await renameCategory(a, `${name} Renamed`, `${name} Again`);
      expect(
        await eventually(
          () => menu(b),
          (names) => names.includes(`${name} Again`),
        ),
      ).toContain(`${name} Again`);
    },
  );
});
