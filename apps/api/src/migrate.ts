import pino from 'pino';
import { ConfigError, embeddedDatabaseRefusal, loadEnv } from './config/env';
import { logFatal } from './lib/log-fatal';
import { openDatabase } from './db/client';
import { waitForDatabase } from './db/wait-for-database';

/**
 * `npm run migrate` / `node apps/api/dist/migrate.js`: applies pending migrations under the migration
 * lock (ADR 045), the release step before the new servers start. Safe to run twice at once.
 */
async function migrate() {
  const env = loadEnv(process.env, { serving: false });
  const log = pino({ level: env.LOG_LEVEL });
  const refusal = embeddedDatabaseRefusal(env);
  if (refusal) throw new ConfigError(refusal);
  if (env.DATABASE_URL) await waitForDatabase(env.DATABASE_URL, env.DB_CONNECT_RETRY_MS, (msg) => log.warn(msg));
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, poolMax: 1 });
  try {
    const { applied } = await handle.migrate();
    log.info({ applied }, applied > 0 ? 'migrations applied' : 'the schema is current: nothing to apply');
  } finally {
    await handle.close();
  }
}

migrate().catch((err: unknown) => {
  logFatal(err, 'migrations could not run');
  process.exit(1);
});
