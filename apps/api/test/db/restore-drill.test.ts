import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MyPostsPage, TopupCheckout, WalletHistory } from '@aaspaas/domain';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app from '#src/app';
import { loadEnv } from '#src/config/env';
import { type DbHandle, openDatabase } from '#src/db/client';
import { users } from '#src/db/schema';
import { buildTestApp, type TestApp } from '#test/helper';
import { login, register, ROOMY_LIMITS } from '#test/routes/api/auth/auth-test-kit';

const DATABASE_URL = process.env.DATABASE_URL;
/** Both servers sign with one secret, as a restored deployment keeps its JWT_SECRET (docs/deployment.md). */
const SECRETS = { JWT_SECRET: 'restore-drill-'.padEnd(40, 'x') };

const databaseUrl = (name: string) => {
  const url = new URL(DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The backup and restore of docs/deployment.md, end to end on PostgreSQL: a business with posts and
 * a wallet, `pg_dump --format=custom`, the database dropped, `pg_restore` into a new one, and a
 * server on that one. (PGlite's backup is a copy of DATA_DIR; it has no pg_dump.)
 */
describe.skipIf(!DATABASE_URL)('restore drill (PostgreSQL: pg_dump, drop, pg_restore)', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-restore-'));
  const dumpFile = path.join(workDir, 'aaspaas.dump');
  const restoredName = `aaspaas_restored_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  let original: TestApp | undefined;
  let restored: { fastify: FastifyInstance; handle: DbHandle } | undefined;
  let owner: { email: string; password: string };
  let before: { posts: string[]; balancePaise: number; ledger: WalletHistory['entries'] };

  const as = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    original = await buildTestApp({ ...ROOMY_LIMITS, ...SECRETS });
    const session = await register(original);
    owner = session;
    // Where and what it sells (its profile page's job) set directly: the drill is about the data.
    await original.db
      .update(users)
      .set({ businessCategories: ['Sweets'], lat: 18.52, lon: 73.85, city: 'Pune', state: 'Maharashtra' })
      .where(eq(users.username, owner.email));
    const headers = as(session.token);
    for (const content of ['Kaju katli fresh today', 'Jalebi every morning']) {
      const res = await original.inject({
        method: 'POST',
        url: '/api/user/posts',
        headers,
        payload: { content, images: [], category: 'sweets', hashtags: [] },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // A top-up through the built-in test gateway: its credit and its receipt are in the ledger.
    const checkout = (
      await original.inject({ method: 'POST', url: '/api/wallet/topups', headers, payload: { amountPaise: 50_000 } })
    ).json<TopupCheckout>();
    const paid = await original.inject({
      method: 'POST',
      url: `${checkout.testCheckoutUrl}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    before = await accountOf(original, headers);
    expect(before.posts).toHaveLength(2);
    expect(before.ledger.length).toBeGreaterThan(0);

    const pool = original.dbHandle.driver.kind === 'postgres' ? original.dbHandle.driver.pool : null;
    const sourceUrl = String(pool?.options.connectionString);
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dumpFile}`, `--dbname=${sourceUrl}`], { stdio: 'pipe' });
    await original.close(); // drops its database
    original = undefined;

    await admin(`CREATE DATABASE ${restoredName}`);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl(restoredName)}`, dumpFile], {
      stdio: 'pipe',
    });
    restored = await serverOn(databaseUrl(restoredName));
  }, 120_000);

  afterAll(async () => {
    await original?.close();
    await restored?.fastify.close();
    await restored?.handle.close();
    await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('lets the business sign in and see its posts and its wallet as they were', async () => {
    const server = restored!.fastify;
    const signedIn = await login(server as TestApp, owner.email, owner.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const after = await accountOf(server, as(signedIn.json<{ token: string }>().token));
    expect(after).toEqual(before);
  });

  it('keeps every balance equal to the sum of its ledger', async () => {
    const { rows } = await restored!.handle.db.execute<{ mismatched: number }>(sql`
      select count(*)::int as mismatched from users u
       where u.balance_paise <> coalesce((select sum(l.amount_paise) from wallet_ledger l where l.user_id = u.id), 0)`);
    expect(rows[0]?.mismatched).toBe(0);
  });
});

async function accountOf(server: FastifyInstance, headers: Record<string, string>) {
  const posts = (await server.inject({ method: 'GET', url: '/api/user/posts', headers })).json<MyPostsPage>();
  const wallet = (await server.inject({ method: 'GET', url: '/api/wallet', headers })).json<{ balancePaise: number }>();
  const history = (await server.inject({ method: 'GET', url: '/api/wallet/history', headers })).json<WalletHistory>();
  return { posts: posts.posts.map((p) => p.content).sort(), balancePaise: wallet.balancePaise, ledger: history.entries };
}

/** The app as the server runs it, on the restored database (its migrations already applied: a no-op). */
async function serverOn(url: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-restored-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'none'),
    RATE_LIMIT_PREFIX: `aaspaas-rl-test-${randomUUID()}:`,
    JOBS_RECURRING: 'false',
    SMS_SENDER_ENABLED: 'false',
    ...ROOMY_LIMITS,
    ...SECRETS,
  });
  const handle = await openDatabase({ databaseUrl: url, dataDir: null, onConnectionError: () => undefined });
  await handle.migrate();
  const fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
  await fastify.register(fp(app), { env, dbHandle: handle });
  fastify.addHook('onClose', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await fastify.ready();
  return { fastify, handle };
}
