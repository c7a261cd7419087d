import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/db/client';
import { schemaRefusal, schemaStatus } from '#src/db/migrator';
import { buildTestApp, type TestApp } from '#test/helper';
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
