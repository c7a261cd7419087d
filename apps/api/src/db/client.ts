import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
type Rows<T> = { rows: T[] };
/** Both drivers answer raw queries with `{ rows }`. */
export interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: Rows<this['row']>;
}
/** The same Drizzle API over PGlite (embedded default) and PostgreSQL (DATABASE_URL). */
export type Db = PgDatabase<RowsResultHKT, Schema>;
/** A transaction of the database (the argument of `db.transaction`'s callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction of it: what a query that may run inside a transaction takes. */
export type Executor = Db | Tx;

export type DbHandle = {
  db: Db;
  /**
   * For named prepared statements written so their plan does not depend on the values (the feed's,
   * ADR 006): generic plans, made once per connection. On PostgreSQL a pool of its own, so every
   * other query keeps plans made for its values; on PGlite the same as `db`.
   */
  preparedDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The driver under `db`, for libraries that speak SQL themselves (the job queue, ADR 015): the
   * PGlite instance, or the PostgreSQL pool.
   */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  migrate(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type OpenOptions = {
  databaseUrl?: string;
  /** null: an in-memory PGlite (tests). */
  dataDir: string | null;
  /** Sees every query's SQL and parameters (benchmarks use it to EXPLAIN the feed). */
  logQuery?: (query: string, params: unknown[]) => void;
  /**
   * PostgreSQL cancels a statement of the app's pools running longer than this (0: never); not the
   * migrations'. Default DEFAULT_STATEMENT_TIMEOUT_MS. PGlite runs one statement at a time in this
   * process and has no timer to cancel it: there it does not apply.
   */
  statementTimeoutMs?: number;
  /** An idle PostgreSQL connection was closed by the server (restart, failover, a dropped database). */
  onConnectionError?: (error: Error) => void;
};

/**
 * Longer than any page of the API should take by two orders of magnitude, short enough that a query
 * gone wrong stops soon after its client gave up, instead of keeping a core busy for 15 s.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** SQLSTATE of a statement cancelled by statement_timeout (or a cancel request). */
export const QUERY_CANCELED = '57014';

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const logger = opts.logQuery ? { logQuery: opts.logQuery } : undefined;
  if (opts.databaseUrl) {
    const statementTimeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: `-c statement_timeout=${statementTimeout}`,
    });
    // Left to choose, PostgreSQL keeps re-planning a named statement (custom plans) when the first
    // values it sees look cheap, such as a 1-cell radius. The setting would also give every unnamed
    // query a generic plan (a plan made without its values), hence a pool of its own.
    const preparedPool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: `-c plan_cache_mode=force_generic_plan -c statement_timeout=${statementTimeout}`,
    });
    // Without a listener such an error would end the process; the pool drops the client and opens
    // a new one on next use, so reporting it is enough.
    for (const p of [pool, preparedPool]) p.on('error', (error) => opts.onConnectionError?.(error));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    const preparedDb = drizzlePg(preparedPool, { schema, logger }) as unknown as Db;
    return {
      db,
      preparedDb,
      kind: 'postgres',
      driver: { kind: 'postgres', pool },
      // Building an index over millions of posts takes minutes: migrations run without the timeout.
      migrate: async () => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        await client.connect();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.end();
        }
      },
      close: async () => {
        await Promise.all([pool.end(), preparedPool.end()]);
      },
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, extensions: { btree_gin, citext, pg_trgm } });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    preparedDb: db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}
