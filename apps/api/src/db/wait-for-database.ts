import pg from 'pg';
import { ConfigError } from '../config/env';

/** The first waits between tries, then the last one again: quick for a blip, calm for a long outage. */
const BACKOFF_MS = [500, 1000, 2000, 4000, 5000];

/** Why a connection failed, in a few words: the error's code and message, no stack. */
function briefly(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' && !err.message.includes(code) ? `${code} ${err.message}` : err.message;
}

/**
 * Waits until PostgreSQL at `databaseUrl` answers, trying again with back-off for up to `maxWaitMs`
 * (a database started with the server, or failing over, answers after some seconds); one `log` line per
 * failed try. Throws a one-line error when the time is up.
 */
export async function waitForDatabase(databaseUrl: string, maxWaitMs: number, log: (msg: string) => void): Promise<void> {
  const until = Date.now() + maxWaitMs;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      return;
    } catch (err) {
      const wait = BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)]!;
      const host = new URL(databaseUrl).host;
      if (Date.now() + wait > until) {
        throw new ConfigError(`The database at ${host} is not reachable (${briefly(err)}); gave up after ${attempt} tries.`, {
          cause: err,
        });
      }
      log(`The database at ${host} is not reachable (${briefly(err)}); trying again in ${wait / 1000} s (try ${attempt}).`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
