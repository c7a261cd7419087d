import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import app from '../src/app';
import { type Env, loadEnv } from '../src/config/env';
import { type DbHandle, openDatabase } from '../src/db/client';
import { posts, users } from '../src/db/schema';

/**
 * A fresh database per test file: an in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database created for the file and dropped afterwards. Migrations applied.
 */
export async function openTestDatabase(opts: { statementTimeoutMs?: number } = {}): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    return handle;
  }
  const name = `aaspaas_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  // The test drops its database with FORCE while idle connections may remain: expected, not an error.
  const handle = await openDatabase({
    databaseUrl: dbUrl.toString(),
    dataDir: null,
    onConnectionError: () => undefined,
    ...opts,
  });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TestApp = FastifyInstance & { dbHandle: DbHandle };

/** The whole app against a fresh database; close() closes both. */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  opts: { statementTimeoutMs?: number; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dbHandle = await openTestDatabase({ statementTimeoutMs: opts.statementTimeoutMs });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-test-'));
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // Test files run in parallel against one Redis: each app counts its own requests.
    RATE_LIMIT_PREFIX: `aaspaas-rl-test-${randomUUID()}:`,
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...envOverrides,
  });
  const fastify = Fastify({ logger: false });
  // Not encapsulated, so the tests see the app's decorators (db, repositories).
  await fastify.register(fp(app), { env, dbHandle });
  fastify.addHook('onClose', async () => {
    await dbHandle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  opts.beforeReady?.(fastify);
  await fastify.ready();
  return fastify as TestApp;
}

let phoneCounter = 0;

/** Inserts a business owner; returns the row. */
export async function createBusiness(db: DbHandle['db'], overrides: Partial<typeof users.$inferInsert> = {}) {
  phoneCounter += 1;
  const [row] = await db
    .insert(users)
    .values({
      username: `shop-${randomUUID()}@example.in`,
      name: 'Ramesh Kumar',
      businessName: 'Kumar General Store',
      businessPhone: `98200${String(10000 + phoneCounter).slice(-5)}`,
      businessCategories: ['Grocery'],
      city: 'Mumbai',
      state: 'Maharashtra',
      lat: 19.076,
      lon: 72.8777,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('business not inserted');
  return row;
}

/** Inserts a post for a business (location inherited unless overridden). */
export async function createPost(
  db: DbHandle['db'],
  business: typeof users.$inferSelect,
  overrides: Partial<typeof posts.$inferInsert> = {},
) {
  const [row] = await db
    .insert(posts)
    .values({
      userId: business.id,
      category: 'Grocery',
      content: 'Fresh stock of basmati rice arrived today',
      hashtags: ['rice'],
      images: [],
      city: business.city,
      state: business.state,
      lat: business.lat,
      lon: business.lon,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('post not inserted');
  return row;
}

export const VISITOR_A = 'visitor-aaaa-0001';
export const VISITOR_B = 'visitor-bbbb-0002';

/** Bearer header of a signed-in user (a real access token from the app's token service). */
export async function authHeader(app: FastifyInstance, user: { id: string }): Promise<{ authorization: string }> {
  const { token } = await app.accessTokens.sign(user.id);
  return { authorization: `Bearer ${token}` };
}
