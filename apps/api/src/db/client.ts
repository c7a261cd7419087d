import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DrizzleQueryError } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { migrateUnderLock } from './migrator';
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

/**
 * Settings of every pool of named prepared statements. Generic plans: left to choose, PostgreSQL keeps
 * re-planning a named statement (custom plans) when the first values it sees look cheap, such as a
 * 1-cell radius. No parallel workers: a generic plan, not knowing how rare a term is, walked
 * posts_created_idx for a page with two workers, which read ahead of each other 45,000 rows where one
 * walk reads a few hundred (ADR 025).
 */
const GENERIC_PLAN_SETTINGS = { plan_cache_mode: 'force_generic_plan', max_parallel_workers_per_gather: '0' } as const;

/**
 * Settings of the pool for the feed's walks (DbHandle.preparedDb). No bitmap scans: made without its
 * values, a plan took a cell's few estimated rows for cheaper to collect and sort than to walk in order,
 * and a Merge Append of such branches read every row of every cell in the window (2,474 buffers for a
 * page at 10M posts, ADR 024); the statements of this pool are index walks that stop after a page.
 */
export const PREPARED_POOL_SETTINGS = { ...GENERIC_PLAN_SETTINGS, enable_bitmapscan: 'off' } as const;

/**
 * Settings of the pool for the searches' named prepared statements (DbHandle.preparedSearchDb), planned
 * once per connection (ADR 025). With bitmap scans, which a search's index step needs (a GIN index is
 * read only through a bitmap).
 */
export const PREPARED_SEARCH_POOL_SETTINGS = GENERIC_PLAN_SETTINGS;

/**
 * Seconds a connection of a prepared pool lives: PostgreSQL keeps each named statement's plan (0.8 MB for
 * a feed's, 2 MB for a search's, at 1M posts) until its connection closes, so a connection renewed every
 * few minutes holds only the shapes asked of it since. Opening one and planning its shapes again costs
 * a few milliseconds once in that time.
 */
export const PREPARED_CONNECTION_LIFETIME_S = 300;

/**
 * A prepared pool's connection lives PREPARED_CONNECTION_LIFETIME_S, give or take a quarter at random
 * (`random` in [0, 1)). pg-pool gives every connection of a pool the same lifetime, so the connections
 * opened together under load ended together every five minutes and planned every shape again at once:
 * bench:feed:matrix measured one case at p99 266 and 439 ms on two runs, its p50 4–7 ms, at that moment.
 */
export function preparedConnectionLifetimeS(random = Math.random()): number {
  return Math.round(PREPARED_CONNECTION_LIFETIME_S * (0.75 + random / 2));
}

/** A pool for named prepared statements, with `options` (the connection's settings), each connection its own lifetime. */
export function openPreparedPool(connectionString: string, options: string, max = DEFAULT_POOL_MAX): pg.Pool {
  const pool: pg.Pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    maxLifetimeSeconds: PREPARED_CONNECTION_LIFETIME_S,
    options,
    // pg-pool reads the lifetime for a new connection right after this hook returns.
    onConnect: () => {
      pool.options.maxLifetimeSeconds = preparedConnectionLifetimeS();
    },
  });
  return pool;
}

/** Where reads that may lag a little go (ADR 047): a replica's pools, or the primary's own. */
type ReadDb = { db: Db; preparedDb: Db; preparedSearchDb: Db; replica: boolean };

export type DbHandle = {
  db: Db;
  /**
   * Anonymous public reads (the feed, a post, a business page): DATABASE_READ_URL's replica when set,
   * else the same pools as above. Never for writes, money, or a signed-in user's own data.
   */
  read: ReadDb;
  /**
   * For named prepared statements written so their plan does not depend on the values (the feed's,
   * ADR 006): generic plans, made once per connection. On PostgreSQL a pool of its own, so every
   * other query keeps plans made for its values; on PGlite the same as `db`.
   */
  preparedDb: Db;
  /** For the searches' named prepared statements (ADR 025): as `preparedDb`, but with bitmap scans. */
  preparedSearchDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * false (DB_PREPARED_STATEMENTS=false): statements written to be prepared are sent unnamed, for a
   * pooler in transaction mode, which runs each statement on whichever connection is free.
   */
  namedStatements: boolean;
  /**
   * The driver under `db`, for libraries that speak SQL themselves (the job queue, ADR 015): the
   * PGlite instance, or the PostgreSQL pool.
   */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** Applies pending migrations under the migration lock (ADR 045), on a connection of its own. */
  migrate(): Promise<{ applied: number }>;
  /** PGlite only: the data folder as an uncompressed tarball, which `pgliteDump` loads back. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
  /** PostgreSQL only: every pool by name, for their metrics (connections open, idle, waited for). */
  pools?: Record<string, pg.Pool>;
};

/** Connections per pool unless DB_POOL_MAX says otherwise. */
const DEFAULT_POOL_MAX = 10;

/**
 * A query waits at most this long for a connection (pg waits forever by default): a database that is
 * down or out of connections answers 503 after it instead of holding the request.
 */
const CONNECT_TIMEOUT_MS = 5000;

export type OpenOptions = {
  databaseUrl?: string;
  /** A streaming replica of databaseUrl for DbHandle.read (PostgreSQL only). */
  readUrl?: string;
  /** null: an in-memory PGlite (tests). */
  dataDir: string | null;
  /**
   * PGlite only: start from this dump of a data folder (`dumpDataDir`) instead of an empty cluster.
   * Tests load one migrated database per file: much cheaper than a new cluster plus every migration.
   */
  pgliteDump?: Blob;
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
  /** Connections of each pool (DB_POOL_MAX); default DEFAULT_POOL_MAX. */
  poolMax?: number;
  /** DB_PREPARED_STATEMENTS; default true. */
  namedStatements?: boolean;
};

/**
 * Longer than any page of the API should take by two orders of magnitude, short enough that a query
 * gone wrong stops soon after its client gave up, instead of keeping a core busy for 15 s.
 */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/** Node's codes of a server that cannot be reached, and PostgreSQL's of one shutting down or starting. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
]);

/** Whether a query failed because its server could not be reached, not because of the query (drizzle's wrapper or not). */
export function isConnectionError(error: unknown): boolean {
  const cause = error instanceof DrizzleQueryError ? error.cause : error;
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true;
  // pg's message for a connection closed mid-query (no code).
  return /^Connection terminated/.test(cause.message);
}

/** SQLSTATE of a statement cancelled by statement_timeout (or a cancel request). */
export const QUERY_CANCELED = '57014';

/** The three pools of one PostgreSQL server (DbHandle's db, preparedDb, preparedSearchDb). */
function openPools(url: string, settings: string, max: number, logger: { logQuery: OpenOptions['logQuery'] & {} } | undefined) {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: settings });
  // The prepared pools' settings would also give every unnamed query a generic plan (a plan made
  // without its values), hence pools of their own.
  const poolWith = (extra: Record<string, string>) =>
    openPreparedPool(
      url,
      `${Object.entries(extra)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' ')} ${settings}`,
      max,
    );
  const preparedPool = poolWith(PREPARED_POOL_SETTINGS);
  const preparedSearchPool = poolWith(PREPARED_SEARCH_POOL_SETTINGS);
  return {
    pool,
    preparedPool,
    preparedSearchPool,
    pools: [pool, preparedPool, preparedSearchPool],
    db: drizzlePg(pool, { schema, logger }) as unknown as Db,
    preparedDb: drizzlePg(preparedPool, { schema, logger }) as unknown as Db,
    preparedSearchDb: drizzlePg(preparedSearchPool, { schema, logger }) as unknown as Db,
  };
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  const logger = opts.logQuery ? { logQuery: opts.logQuery } : undefined;
  const { databaseUrl } = opts;
  if (databaseUrl) {
    const statementTimeout = opts.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    // No JIT: it pays off for queries of seconds, and a search over a 100 km circle (an estimate past
    // jit_above_cost, a few ms of work) spent 0.7 s compiling its expressions (ADR 012).
    const settings = `-c statement_timeout=${statementTimeout} -c jit=off`;
    const max = opts.poolMax ?? DEFAULT_POOL_MAX;
    const primary = openPools(databaseUrl, settings, max, logger);
    const replica = opts.readUrl ? openPools(opts.readUrl, settings, max, logger) : undefined;
    const pools = [...primary.pools, ...(replica?.pools ?? [])];
    // Without a listener such an error would end the process; the pool drops the client and opens
    // a new one on next use, so reporting it is enough.
    for (const p of pools) p.on('error', (error) => opts.onConnectionError?.(error));
    const { db, preparedDb, preparedSearchDb, pool } = primary;
    return {
      db,
      preparedDb,
      preparedSearchDb,
      read: replica
        ? { db: replica.db, preparedDb: replica.preparedDb, preparedSearchDb: replica.preparedSearchDb, replica: true }
        : { db, preparedDb, preparedSearchDb, replica: false },
      kind: 'postgres',
      namedStatements: opts.namedStatements ?? true,
      driver: { kind: 'postgres', pool },
      pools: { main: pool, prepared: primary.preparedPool, search: primary.preparedSearchPool },
      // Building an index over millions of posts takes minutes: migrations run without the timeout.
      migrate: async () => {
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        await client.connect();
        try {
          return await migrateUnderLock(drizzlePg(client) as unknown as Db);
        } finally {
          await client.end();
        }
      },
      close: async () => {
        await Promise.all(pools.map((p) => p.end()));
      },
    };
  }
  let dir: string | undefined;
  let unlock = () => {};
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    // Two processes on one folder would each keep their own copy of the database in memory.
    unlock = lockDataDir(path.join(opts.dataDir, 'pglite.lock'));
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: dir,
      extensions: { btree_gin, citext, pg_trgm },
      ...(opts.pgliteDump ? { loadDataDir: opts.pgliteDump } : {}),
    });
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return {
    db,
    preparedDb: db,
    preparedSearchDb: db,
    read: { db, preparedDb: db, preparedSearchDb: db, replica: false },
    kind: 'pglite',
    namedStatements: false,
    driver: { kind: 'pglite', client },
    // One connection: the lock is the same code path as on PostgreSQL, and never waits.
    migrate: () => migrateUnderLock(drizzlePglite(client) as unknown as Db),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}
