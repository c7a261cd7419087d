import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { type Db, type DbHandle, openDatabase } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbHandle: DbHandle;
  }
}

/**
 * Opens PGlite in DATA_DIR, or PostgreSQL when DATABASE_URL is set, and applies the migrations.
 * Tests hand in an already opened database through the `dbHandle` option.
 */
export default fp(
  async (fastify, opts: { dbHandle?: DbHandle }) => {
    const handle =
      opts.dbHandle ??
      (await openDatabase({
        databaseUrl: fastify.config.DATABASE_URL,
        readUrl: fastify.config.DATABASE_READ_URL,
        dataDir: fastify.config.dataDir,
        statementTimeoutMs: fastify.config.DB_STATEMENT_TIMEOUT_MS,
        onConnectionError: (err) => fastify.log.warn({ err }, 'database connection closed by the server'),
      }));
    if (!opts.dbHandle) await handle.migrate();
    fastify.decorate('dbHandle', handle);
    fastify.decorate('db', handle.db);
    if (!opts.dbHandle) fastify.addHook('onClose', () => handle.close());
    const { read } = handle;
    if (read.replica) {
      // Degraded, not down: the process still takes writes and signed-in pages (ADR 048).
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
