import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, emptyPostgresDatabase, startBuiltServer, waitReady } from '#test/built-server';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Ends a server that is still running and waits for it. */
async function stop(server: BuiltServer): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

async function query(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

// Two processes cannot share the embedded database (its folder is locked): this is PostgreSQL's case.
describe.skipIf(!onPostgres)('two built servers started at once on an empty PostgreSQL database (ADR 045)', () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    database = await emptyPostgresDatabase();
  });
  afterAll(() => database?.drop());

  it('both migrate under the lock and become ready', async () => {
    const servers = [startBuiltServer({ DATABASE_URL: database.url }), startBuiltServer({ DATABASE_URL: database.url })];
    try {
      const urls = await Promise.all(servers.map((s) => s.url));
      await Promise.all(urls.map((url) => waitReady(url)));
      // One of them applied every migration, the other found nothing left to apply.
      const applied = servers.map((s) => /"applied":(\d+)/.exec(s.stdout())?.[1] ?? '0').map(Number);
      expect(applied.filter((n) => n > 0)).toHaveLength(1);
    } finally {
      expect(await Promise.all(servers.map(stop))).toEqual([0, 0]);
    }
  }, 180_000);

  it('with MIGRATE_ON_START=false, refuses in one line a schema behind the code', async () => {
    await query(
      database.url,
      'DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)',
    );
    const server = startBuiltServer({ DATABASE_URL: database.url, MIGRATE_ON_START: 'false' });
    expect(await server.exited).toBe(1);
    expect(server.fatalLine()).toEqual({
      msg: expect.stringMatching(
        /: The database schema is behind this release: 1 migration\(s\) not applied\. Run `npm run migrate`/,
      ),
      hasStack: false,
    });
  }, 60_000);
});
