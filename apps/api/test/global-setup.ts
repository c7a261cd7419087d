import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

/** A database with every migration applied, made once per run; each test file gets its own copy of it. */
export type MigratedDatabase = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDatabase: MigratedDatabase;
  }
}

/**
 * Migrating a new database costs seconds of CPU on PGlite (a new cluster, then every migration); copying
 * a migrated one costs a fraction of that. The copy is made from this run's migrations, so it is never stale.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    const dump = await handle.dump!();
    await handle.close();
    const dumpFile = path.join(os.tmpdir(), `aaspaas-test-db-${randomUUID()}.tar`);
    fs.writeFileSync(dumpFile, new Uint8Array(await dump.arrayBuffer()));
    project.provide('migratedDatabase', { kind: 'pglite', dumpFile });
    return async () => fs.rmSync(dumpFile, { force: true });
  }
  // A name of this run's own: other runs may share the server.
  const template = `aaspaas_tpl_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await adminQuery(url, `CREATE DATABASE ${template}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${template}`;
  const handle = await openDatabase({ databaseUrl: dbUrl.toString(), dataDir: null });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('migratedDatabase', { kind: 'postgres', template });
  return () => adminQuery(url, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}

async function adminQuery(url: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}
