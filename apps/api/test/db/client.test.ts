import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client';
import { openTestDatabase } from '../helper';

let handle: DbHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

async function setting(db: DbHandle['db'], name: string): Promise<string | undefined> {
  const { rows } = await db.execute<Record<string, string>>(sql.raw(`SHOW ${name}`));
  return Object.values(rows[0] ?? {})[0];
}

describe('the database handle', () => {
  it.runIf(!process.env.DATABASE_URL)('on PGlite: one client serves both the queries and the prepared statements', () => {
    expect(handle.kind).toBe('pglite');
    expect(handle.preparedDb).toBe(handle.db);
    expect(handle.preparedSearchDb).toBe(handle.db);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL: only the prepared statements get generic plans; every other query is planned for its values',
    async () => {
      expect(handle.kind).toBe('postgres');
      expect(await setting(handle.db, 'plan_cache_mode')).toBe('auto');
      expect(await setting(handle.preparedDb, 'plan_cache_mode')).toBe('force_generic_plan');
      expect(await setting(handle.preparedSearchDb, 'plan_cache_mode')).toBe('force_generic_plan');
      // A search's index step reads GIN indexes, which only a bitmap scan can.
      expect(await setting(handle.preparedDb, 'enable_bitmapscan')).toBe('off');
      expect(await setting(handle.preparedSearchDb, 'enable_bitmapscan')).toBe('on');
      // A page is one walk: no parallel workers reading ahead of each other.
      expect(await setting(handle.preparedDb, 'max_parallel_workers_per_gather')).toBe('0');
      expect(await setting(handle.preparedSearchDb, 'max_parallel_workers_per_gather')).toBe('0');
    },
  );
});
