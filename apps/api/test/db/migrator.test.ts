import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type DbHandle, openDatabase } from '#src/db/client';
import { migrateUnderLock, OUTSIDE_TRANSACTION_MARK, schemaRefusal, schemaStatus } from '#src/db/migrator';
import { buildTestApp, openTestDatabase, type TestApp } from '#test/helper';
import { emptyPostgresDatabase } from '#test/built-server';

const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)('two migrators at once on an empty PostgreSQL database (ADR 045)', () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await emptyPostgresDatabase();
  });
  afterAll(() => database?.drop());

  it('both succeed: one applies every migration, the other waits for the lock and finds nothing to apply', async () => {
    const handles = await Promise.all([1, 2].map(() => openDatabase({ databaseUrl: database.url, dataDir: null, poolMax: 1 })));
    try {
      const results = await Promise.all(handles.map((h) => h.migrate()));
      const applied = results.map((r) => r.applied).sort((a, b) => a - b);
      expect(applied[0]).toBe(0);
      expect(applied[1]).toBeGreaterThan(0);
      expect(await schemaStatus(handles[0]!.db)).toEqual({ pending: 0, newer: 0 });
      const { rows } = await handles[0]!.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      );
      expect(rows[0]!.n).toBe(applied[1]);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  }, 120_000);
});

describe('the schema against the code (ADR 045)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app?.close());

  const ready = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health/ready' });
    return {
      statusCode: res.statusCode,
      body: res.json() as { status: string; checks: Record<string, { status: string; reason?: string }> },
    };
  };

  it('is current after migrating: ready, migrations ok', async () => {
    expect(await schemaStatus(app.db)).toEqual({ pending: 0, newer: 0 });
    const { statusCode, body } = await ready();
    expect(statusCode).toBe(200);
    expect(body.checks.migrations).toEqual({ status: 'ok' });
  });

  it('newer than the code (a newer release migrated): still ready, reported as degraded', async () => {
    const newest = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
    await app.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) SELECT 'from-a-newer-release', ${newest} + 1000`,
    );
    try {
      const status = await schemaStatus(app.db);
      expect(status).toEqual({ pending: 0, newer: 1 });
      expect(schemaRefusal(status)).toBeNull();
      const { statusCode, body } = await ready();
      expect(statusCode).toBe(200);
      expect(body.status).toBe('degraded');
      expect(body.checks.migrations).toEqual({
        status: 'degraded',
        reason: 'the database has 1 migration(s) newer than this release',
      });
    } finally {
      await app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE hash = 'from-a-newer-release'`);
    }
  });

  it('behind the code: refused at start, not ready', async () => {
    const [newest] = (
      await app.db.execute<{ hash: string; created_at: string }>(
        sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows;
    await app.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest!.created_at}`);
    try {
      const status = await schemaStatus(app.db);
      expect(status).toEqual({ pending: 1, newer: 0 });
      expect(schemaRefusal(status)).toMatch(/^The database schema is behind this release: 1 migration\(s\) not applied\./);
      const { statusCode, body } = await ready();
      expect(statusCode).toBe(503);
      expect(body).toMatchObject({ status: 'down', reason: 'migrations: 1 migration(s) not applied' });
    } finally {
      await app.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${newest!.hash}, ${newest!.created_at})`,
      );
    }
  });

  it('answers not ready while draining', async () => {
    app.readiness.draining = true;
    try {
      const { statusCode, body } = await ready();
      expect(statusCode).toBe(503);
      expect(body).toMatchObject({ status: 'down', reason: 'shutting down' });
    } finally {
      app.readiness.draining = false;
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('a migration marked to run outside a transaction (ADR 045)', () => {
  let handle: DbHandle;
  let folder: string;
  beforeAll(async () => {
    handle = await openTestDatabase();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-migrations-'));
    fs.mkdirSync(path.join(folder, 'meta'));
    const later = Date.now() + 365 * 24 * 3600 * 1000;
    const files = {
      '9000_table': 'CREATE TABLE concurrently_probe (id int, note text);',
      '9001_index': `${OUTSIDE_TRANSACTION_MARK}\nDROP INDEX CONCURRENTLY IF EXISTS concurrently_probe_note_idx;--> statement-breakpoint\nCREATE INDEX CONCURRENTLY concurrently_probe_note_idx ON concurrently_probe (note);`,
    };
    const entries = Object.entries(files).map(([tag, text], i) => {
      fs.writeFileSync(path.join(folder, `${tag}.sql`), text);
      return { idx: i, version: '7', when: later + i, tag, breakpoints: true };
    });
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries }));
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it('builds its index CONCURRENTLY, which PostgreSQL refuses inside a transaction, and records it', async () => {
    // Over a connection of its own, as migrations run (on PGlite the one connection).
    const client: pg.PoolClient | null = handle.driver.kind === 'postgres' ? await handle.driver.pool.connect() : null;
    const db = client ? (drizzlePg(client) as unknown as Db) : handle.db;
    try {
      expect(await migrateUnderLock(db, folder)).toEqual({ applied: 2 });
      expect(await migrateUnderLock(db, folder)).toEqual({ applied: 0 });
    } finally {
      client?.release();
    }
    const { rows } = await handle.db.execute<{ valid: boolean }>(
      sql`SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = 'concurrently_probe_note_idx'::regclass`,
    );
    expect(rows).toEqual([{ valid: true }]);
  });
});
