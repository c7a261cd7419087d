import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPreparedPool, preparedConnectionLifetimeS } from '../../src/db/client';
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

describe('the prepared pools', () => {
  it('give a connection five minutes, give or take a quarter', () => {
    expect(preparedConnectionLifetimeS(0)).toBe(225);
    expect(preparedConnectionLifetimeS(0.5)).toBe(300);
    expect(preparedConnectionLifetimeS(0.999)).toBe(375);
  });

  it.runIf(process.env.DATABASE_URL)('give each connection a lifetime of its own, so they do not all end at once', async () => {
    const pool = openPreparedPool(process.env.DATABASE_URL!, '-c jit=off');
    const clients: pg.PoolClient[] = [];
    const lifetimes: number[] = [];
    try {
      // pg-pool reads options.maxLifetimeSeconds for each new connection as it connects.
      for (let i = 0; i < 6; i++) {
        clients.push(await pool.connect());
        lifetimes.push(pool.options.maxLifetimeSeconds);
      }
      for (const lifetime of lifetimes) {
        expect(lifetime).toBeGreaterThanOrEqual(225);
        expect(lifetime).toBeLessThanOrEqual(375);
      }
      expect(new Set(lifetimes).size).toBeGreaterThan(1);
    } finally {
      for (const client of clients) client.release();
      await pool.end();
    }
  });
});
