import pg from 'pg';

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A bench's own empty database "<db>_bench_<name>" on DATABASE_URL's server (made anew, so a run
 * never measures a previous one's rows), or none without DATABASE_URL (PGlite in memory).
 */
export async function freshBenchDatabase(
  serverUrl: string | undefined,
  name: string,
): Promise<{ databaseUrl: string | undefined; drop: () => Promise<void> }> {
  if (!serverUrl) return { databaseUrl: undefined, drop: async () => undefined };
  const url = new URL(serverUrl);
  const dbName = `${url.pathname.slice(1) || 'postgres'}_bench_${name}`;
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await onServer(serverUrl, `CREATE DATABASE ${dbName}`);
  url.pathname = `/${dbName}`;
  return { databaseUrl: url.toString(), drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`) };
}
