import os from 'node:os';
import { sql } from 'drizzle-orm';
import { type Db, openDatabase } from '../src/db/client';

/** An index as `pg_indexes` gives it: its name, table and CREATE INDEX statement. */
export type IndexDefinition = { name: string; table: string; def: string };

/**
 * The indexes of `tables` as this code's migrations define them, but their constraints' (primary keys,
 * unique constraints: those stay with their tables): read from a throw-away in-memory PGlite the
 * migrations have just built. A bench's loader drops indexes to load faster and builds these again; it
 * must not trust the loaded database's own list, which a load cancelled half-way leaves with only its
 * primary key (after which every feed query was a sequential scan, 2.7 s at 1M posts).
 */
export async function migrationIndexes(tables: readonly string[]): Promise<IndexDefinition[]> {
  const reference = await openDatabase({ dataDir: null });
  try {
    await reference.migrate();
    return await indexesOf(reference.db, tables);
  } finally {
    await reference.close();
  }
}

/** The indexes `db` has on `tables`, without its constraints' own. */
export async function indexesOf(db: Db, tables: readonly string[]): Promise<IndexDefinition[]> {
  const { rows } = await db.execute<IndexDefinition>(sql`
    SELECT i.indexname AS name, i.tablename AS "table", i.indexdef AS def FROM pg_indexes i
    WHERE i.tablename IN (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )}) AND i.schemaname = current_schema()
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
    ORDER BY i.indexname`);
  return rows;
}

/** Drops every index of `tables` but their constraints': a bulk load is faster without them. */
export async function dropIndexes(db: Db, tables: readonly string[]): Promise<void> {
  for (const index of await indexesOf(db, tables)) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${index.name}"`));
}

/**
 * Builds each of `indexes` that `db` lacks (by name), one per core at a time (at most two) with more
 * memory for its sort than a connection's default, the GIN indexes first: at 10M posts the search index
 * alone takes 15 min, the btrees 8 together. Returns the names it built.
 */
export async function buildMissingIndexes(
  db: Db,
  indexes: readonly IndexDefinition[],
  log: (msg: string) => void,
): Promise<string[]> {
  const tables = [...new Set(indexes.map((i) => i.table))];
  const present = new Set((await indexesOf(db, tables)).map((i) => i.name));
  const queue = indexes
    .filter((i) => !present.has(i.name))
    .sort((a, b) => Number(/USING gin/i.test(b.def)) - Number(/USING gin/i.test(a.def)));
  const built = queue.map((i) => i.name);
  const builder = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) {
      log(`  building ${index.name}…`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL maintenance_work_mem = '1GB'`);
        await tx.execute(sql.raw(index.def));
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(2, os.cpus().length)) }, builder));
  return built;
}
