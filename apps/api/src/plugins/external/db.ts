import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { ConfigError, embeddedDatabaseRefusal } from '../../config/env';
import { type Db, type DbHandle, openDatabase } from '../../db/client';
import { schemaRefusal, schemaStatus } from '../../db/migrator';
import { waitForDatabase } from '../../db/wait-for-database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/**
 * Opens PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set (waiting for it to answer), and
 * applies pending migrations under the migration lock, or with MIGRATE_ON_START=false only checks
 * the schema is current (ADR 045). Registers the `database` and `migrations` readiness checks.
 * Tests hand in an already opened database through the `dbHandle` option.
 */
export default fp(
  async (fastify, opts: { dbHandle?: DbHandle }) => {
    const config = fastify.config;
    let handle = opts.dbHandle;
    if (!handle) {
      const refusedEmbedded = embeddedDatabaseRefusal(config);
      if (refusedEmbedded) throw new ConfigError(refusedEmbedded);
      if (config.DATABASE_URL)
        await waitForDatabase(config.DATABASE_URL, config.DB_CONNECT_RETRY_MS, (msg) => fastify.log.warn(msg));
      handle = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        readUrl: config.DATABASE_READ_URL,
        dataDir: config.dataDir,
        statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
        poolMax: config.DB_POOL_MAX,
        namedStatements: config.DB_PREPARED_STATEMENTS,
        onConnectionError: (err) => fastify.log.warn({ err }, 'database connection closed by the server'),
      });
      const opened = handle;
      fastify.addHook('onClose', () => opened.close());
      if (config.MIGRATE_ON_START) {
        const { applied } = await handle.migrate();
        if (applied > 0) fastify.log.info({ applied }, 'migrations applied');
      }
      const status = await schemaStatus(handle.db);
      const refusal = schemaRefusal(status);
      if (refusal) throw new ConfigError(refusal);
      if (status.newer > 0) {
        fastify.log.warn(
          { newer: status.newer },
          'the database has migrations newer than this release: running in the expand/contract window (ADR 045)',
        );
      }
    }
    const { db } = handle;
    fastify.decorate('dbHandle', handle);
    fastify.decorate('db', db);

    fastify.readiness.register('database', async () => {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok' };
    });
    fastify.readiness.register('migrations', async () => {
      const status = await schemaStatus(db);
      if (status.pending > 0) return { status: 'down', reason: `${status.pending} migration(s) not applied` };
      // Within the expand/contract window (ADR 045): a newer release has migrated, this one still works.
      if (status.newer > 0)
        return { status: 'degraded', reason: `the database has ${status.newer} migration(s) newer than this release` };
      return { status: 'ok' };
    });
    const { read } = handle;
    if (read.replica) {
      // Degraded, not down: the process still takes writes and signed-in pages (ADR 047).
      fastify.readiness.register('database-replica', async () => {
        try {
          await read.db.execute(sql`SELECT 1`);
          return { status: 'ok' };
        } catch (err) {
          return { status: 'degraded', reason: err instanceof Error ? err.message : String(err) };
        }
      });
    }
  },
  { name: 'db', dependencies: ['env', 'readiness'] },
);
