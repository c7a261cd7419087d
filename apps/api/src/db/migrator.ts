import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client';

/** The migrations of this code: SQL files and drizzle-kit's journal (meta/_journal.json). */
const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

/**
 * The key of the advisory lock every migrator takes (ADR 045): any constant the app uses for nothing
 * else. A second migrator waits on it, then finds nothing left to apply.
 */
const MIGRATION_LOCK_KEY = 7_261_553_001;

/** How often a migrator waiting for the lock tries it again (takeMigrationLock). */
const LOCK_RETRY_MS = 200;

/**
 * The first line of a migration that runs outside a transaction (ADR 045): CREATE INDEX CONCURRENTLY
 * on a big table, which PostgreSQL refuses inside one. Such a migration is written so that running it
 * again after a failure half-way is harmless (DROP INDEX CONCURRENTLY IF EXISTS first).
 */
export const OUTSIDE_TRANSACTION_MARK = '-- migration: outside a transaction';

/** Where drizzle's migrator records what it applied: we keep its table, hashes and times. */
const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;

/** How the database's schema stands against this code's migrations. */
export type SchemaStatus = {
  /** Migrations of this code the database has not had. */
  pending: number;
  /** Migrations the database has had that this code does not know: a newer release applied them. */
  newer: number;
};

const known = new Map<string, MigrationMeta[]>();
/** Read once: readiness asks for the schema's status every few seconds, and the files do not change. */
function codeMigrations(folder = MIGRATIONS_FOLDER): MigrationMeta[] {
  let migrations = known.get(folder);
  if (!migrations) {
    migrations = readMigrationFiles({ migrationsFolder: folder });
    known.set(folder, migrations);
  }
  return migrations;
}

async function appliedTimes(db: Db): Promise<number[]> {
  const exists = await db.execute<{ table: string | null }>(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS "table"`,
  );
  if (!exists.rows[0]?.table) return [];
  const { rows } = await db.execute<{ created_at: string | number }>(sql`SELECT created_at FROM ${MIGRATIONS_TABLE}`);
  return rows.map((r) => Number(r.created_at));
}

/**
 * The schema's status by drizzle's own rule: a migration counts as applied when the database's newest
 * record is at least as new as its journal time.
 */
export async function schemaStatus(db: Db): Promise<SchemaStatus> {
  const known = codeMigrations();
  const applied = await appliedTimes(db);
  const newestApplied = applied.length ? Math.max(...applied) : null;
  const newestKnown = known.length ? Math.max(...known.map((m) => m.folderMillis)) : 0;
  return {
    pending: known.filter((m) => newestApplied === null || m.folderMillis > newestApplied).length,
    newer: applied.filter((t) => t > newestKnown).length,
  };
}

/** A one-line message for a schema this code must not run on, or null when it may (ADR 045). */
export function schemaRefusal(status: SchemaStatus): string | null {
  if (status.pending === 0) return null;
  return (
    `The database schema is behind this release: ${status.pending} migration(s) not applied. ` +
    'Run `npm run migrate` (or `node apps/api/dist/migrate.js`) first, or start with MIGRATE_ON_START=true.'
  );
}

/**
 * Applies this code's pending migrations, holding the migration lock for the whole run so processes
 * started together migrate one after the other. `db` must be one connection (a session lock), not a pool.
 * Each migration runs in its own transaction with its record (as drizzle's migrator records it: the
 * file's hash and journal time), except those marked OUTSIDE_TRANSACTION_MARK, whose statements run one
 * by one and are recorded after the last.
 */
export async function migrateUnderLock(db: Db, folder = MIGRATIONS_FOLDER): Promise<{ applied: number }> {
  await takeMigrationLock(db);
  try {
    await db.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
    await db.execute(
      sql`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    );
    const applied = await appliedTimes(db);
    const newestApplied = applied.length ? Math.max(...applied) : null;
    const pending = codeMigrations(folder).filter((m) => newestApplied === null || m.folderMillis > newestApplied);
    for (const migration of pending) {
      const record = sql`INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES (${migration.hash}, ${migration.folderMillis})`;
      if (migration.sql[0]?.trimStart().startsWith(OUTSIDE_TRANSACTION_MARK)) {
        for (const statement of migration.sql) await db.execute(sql.raw(statement));
        await db.execute(record);
      } else {
        await db.transaction(async (tx) => {
          for (const statement of migration.sql) await tx.execute(sql.raw(statement));
          await tx.execute(record);
        });
      }
    }
    return { applied: pending.length };
  } finally {
    // A lost connection has released the lock already: its error is not the one to report.
    await db.execute(sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
  }
}

/**
 * Waits for the migration lock by trying it every LOCK_RETRY_MS rather than with a blocking
 * pg_advisory_lock: a waiting statement holds a transaction open, and a migration's
 * CREATE INDEX CONCURRENTLY (run by the lock's holder) waits for every open transaction to end —
 * a deadlock PostgreSQL reports as 40P01 (two migrators started together at migration 0037).
 */
async function takeMigrationLock(db: Db): Promise<void> {
  for (;;) {
    const { rows } = await db.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_lock(${MIGRATION_LOCK_KEY}) AS locked`);
    if (rows[0]?.locked) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}
