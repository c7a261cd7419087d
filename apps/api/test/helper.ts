import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { inject } from 'vitest';
import app from '../src/app';
import { type Env, loadEnv } from '../src/config/env';
import { type DbHandle, type OpenOptions, openDatabase } from '../src/db/client';
import { posts, users } from '../src/db/schema';
import { serverOptions } from '../src/server';
import type { LogLines } from './log-lines';

/**
 * A fresh database per test file: an in-memory PGlite, or — when DATABASE_URL is set — a new
 * PostgreSQL database created for the file and dropped afterwards. Migrations applied: the file gets
 * a copy of the database the run migrated once (global-setup.ts), or migrates its own outside that set-up.
 */
export async function openTestDatabase(
  opts: Pick<OpenOptions, 'statementTimeoutMs' | 'poolMax' | 'namedStatements'> & { sameAs?: TestDbHandle } = {},
): Promise<TestDbHandle> {
  const url = process.env.DATABASE_URL;
  // A second process on the same database: its own pool, and the first one's handle drops the database.
  if (opts.sameAs) {
    if (!opts.sameAs.url) throw new Error('PGlite lives in one process: two apps cannot share its database');
    const shared = opts.sameAs.url;
    const handle = await openDatabase({ databaseUrl: shared, dataDir: null, onConnectionError: () => undefined });
    return { ...handle, url: shared };
  }
  const migrated = inject('migratedDatabase');
  if (!url) {
    if (migrated?.kind === 'pglite') {
      const dump = new Blob([fs.readFileSync(migrated.dumpFile)], { type: 'application/x-tar' });
      return openDatabase({ dataDir: null, pgliteDump: dump });
    }
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    return handle;
  }
  const template = migrated?.kind === 'postgres' ? migrated.template : undefined;
  const name = `aaspaas_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
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
  if (!template) await handle.migrate();
  return {
    ...handle,
    url: dbUrl.toString(),
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A test's database; `url` on PostgreSQL, where another app may open the same database. */
export type TestDbHandle = DbHandle & { url?: string };

export type TestApp = FastifyInstance & { dbHandle: TestDbHandle };

/**
 * The whole app against a fresh database; close() closes both. With `logs`, the app runs with the
 * server's own options (logger, serializers, timeouts, body limit) and its log lines land there;
 * `onRoute` sees every route the app adds; `statementTimeoutMs` sets the database's statement timeout;
 * `beforeReady` may add to the app before it starts; `dbHandle` is an open database to use instead of a
 * fresh one, which the caller closes (two apps on one database stand for two processes); `sameDatabaseAs`
 * runs it on another app's database (PostgreSQL only), as a second process of one deployment.
 */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: {
    logs?: LogLines;
    onRoute?: (route: RouteOptions) => void;
    statementTimeoutMs?: number;
    beforeReady?: (app: FastifyInstance) => void;
    dbHandle?: DbHandle;
    sameDatabaseAs?: TestApp;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-test-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // The environment first: a test of a bad setting expects it to throw, and no database is left behind.
  let env: Env;
  try {
    env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      // Test files run in parallel against one Redis: each app counts its own requests.
      RATE_LIMIT_PREFIX: `aaspaas-rl-test-${randomUUID()}:`,
      // Tests of other things publish and read far more than a person does: the limit tests set theirs.
      RATE_LIMIT_POSTS_PER_MIN: '100000',
      RATE_LIMIT_POSTS_PER_DAY: '100000',
      RATE_LIMIT_FEED_PER_MIN: '100000',
      RATE_LIMIT_PAGES_PER_MIN: '100000',
      RATE_LIMIT_REGISTER_PER_IP_PER_HOUR: '100000',
      // The job queue starts on first use; the tests of recurring jobs turn them on.
      JOBS_RECURRING: 'false',
      JOBS_POLL_INTERVAL_S: '0.5',
      // The SMS tests send campaigns themselves (or turn the queue's sender on).
      SMS_SENDER_ENABLED: 'false',
      // A busy CI machine must never see a test's request shed (the shedding test sets its own).
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...envOverrides,
    });
  } catch (err) {
    removeDataDir();
    throw err;
  }
  const dbHandle =
    options.dbHandle ??
    (await openTestDatabase({ statementTimeoutMs: options.statementTimeoutMs, sameAs: options.sameDatabaseAs?.dbHandle }));
  // As the server: loading the web's first-screen module or migrating can take seconds on a busy machine.
  const fastify = options.logs
    ? Fastify(serverOptions({ ...env, LOG_LEVEL: 'info' }, options.logs.stream))
    : Fastify({ logger: false, pluginTimeout: 120_000 });
  if (options.onRoute) fastify.addHook('onRoute', options.onRoute);
  const cleanUp = async () => {
    if (!options.dbHandle) await dbHandle.close();
    removeDataDir();
  };
  try {
    // Not encapsulated, so the tests see the app's decorators (db, repositories).
    await fastify.register(fp(app), { env, dbHandle });
  } catch (err) {
    await cleanUp();
    throw err;
  }
  fastify.addHook('onClose', cleanUp);
  options.beforeReady?.(fastify);
  try {
    await fastify.ready();
  } catch (err) {
    // An app that fails to start still drops its database (its onClose hooks run on close).
    await fastify.close().catch(() => undefined);
    throw err;
  }
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

/** Visitor ids as the database stores them (the UUID of a server-issued id). */
export const VISITOR_A = '0000000a-0000-4000-8000-00000000000a';
export const VISITOR_B = '0000000b-0000-4000-8000-00000000000b';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The UUID a test's visitor label stands for (a UUID stands for itself). */
export function visitorUuid(label: string): string {
  if (UUID.test(label)) return label;
  const hex = createHash('sha256').update(label).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The signed id the server would have issued for a visitor (a label or a UUID; a new one by
 * default): what a client sends back in X-Visitor-Id or the cookie.
 */
export function signedVisitor(app: FastifyInstance, label: string = randomUUID()): string {
  return app.visitorIdsService.sign(visitorUuid(label));
}

/** Bearer header of a signed-in user (a real access token from the app's token service). */
export async function authHeader(app: FastifyInstance, user: { id: string }): Promise<{ authorization: string }> {
  const { token } = await app.accessTokenService.sign(user.id);
  return { authorization: `Bearer ${token}` };
}
