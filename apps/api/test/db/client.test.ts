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

async function planCacheMode(db: DbHandle['db']): Promise<string | undefined> {
  const { rows } = await db.execute<{ plan_cache_mode: string }>(sql`SHOW plan_cache_mode`);
  return rows[0]?.plan_cache_mode;
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
      expect(await planCacheMode(handle.db)).toBe('auto');
      expect(await planCacheMode(handle.preparedDb)).toBe('force_generic_plan');
      expect(await planCacheMode(handle.preparedSearchDb)).toBe('force_generic_plan');
      // A search's index step reads GIN indexes, which only a bitmap scan can.
      const bitmaps = async (db: DbHandle['db']) =>
        (await db.execute<{ enable_bitmapscan: string }>(sql`SHOW enable_bitmapscan`)).rows[0]?.enable_bitmapscan;
      expect(await bitmaps(handle.preparedDb)).toBe('off');
      expect(await bitmaps(handle.preparedSearchDb)).toBe('on');
    },
  );
});
