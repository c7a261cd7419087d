import { FeedQuerySchema } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { type Db, type DbHandle, PREPARED_POOL_SETTINGS, PREPARED_SEARCH_POOL_SETTINGS, openDatabase } from '../src/db/client';
import { createFeedRepository } from '../src/plugins/app/posts/feed-repository';

/** A feed statement as the API runs it: its text and its values. */
export type FeedStatement = { query: string; params: unknown[] };

/**
 * The database at `databaseUrl` (no statement timeout) and `statementsOf`: the feed statements the
 * repository runs for a query string (`limit=10&lat=…&q=…`), in order (one, or a lookup's statements
 * until one answers a full page, ADR 034). The benches explain or time those statements outside the API.
 */
export async function openFeedStatements(databaseUrl: string, visitorId: string) {
  // Only while the repository answers statementsOf: the benches run what it returns on the same handle.
  let captured: FeedStatement[] | null = null;
  const handle: DbHandle = await openDatabase({
    databaseUrl,
    dataDir: null,
    statementTimeoutMs: 0,
    // The feed's statements are the ones with the page's ids (not the statistics or a search's business names).
    logQuery: (query, params) => {
      if (query.includes('ids AS (')) captured?.push({ query, params });
    },
  });
  const repo = createFeedRepository(handle);
  return {
    handle,
    async statementsOf(query: string): Promise<FeedStatement[]> {
      const statements: FeedStatement[] = [];
      captured = statements;
      try {
        await repo.feed(FeedQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), visitorId);
      } finally {
        captured = null;
      }
      return statements;
    },
  };
}

/**
 * The rows of `EXPLAIN (<each of explains>)` of `c`, in order, run as the API runs it: a named statement
 * with its pool's settings (ADR 006, ADR 025), those of the searches' pool when `query` has a `q`.
 */
export async function explainStatement(db: Db, query: string, c: FeedStatement, explains: string[]) {
  const values = c.params.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
  return db.transaction(async (tx) => {
    const settings = new URLSearchParams(query).get('q') ? PREPARED_SEARCH_POOL_SETTINGS : PREPARED_POOL_SETTINGS;
    for (const [name, value] of Object.entries(settings)) await tx.execute(sql.raw(`SET LOCAL ${name} = ${value}`));
    await tx.execute(sql.raw(`PREPARE bench_case AS ${c.query}`));
    const run = `EXECUTE bench_case${values ? `(${values})` : ''}`;
    const plans: Record<string, unknown>[][] = [];
    for (const options of explains)
      plans.push((await tx.execute<Record<string, unknown>>(sql.raw(`EXPLAIN (${options}) ${run}`))).rows);
    await tx.execute(sql.raw('DEALLOCATE bench_case'));
    return plans;
  });
}

/** The lines of a text EXPLAIN's rows (explainStatement). */
export const planLines = (rows: Record<string, unknown>[]): string[] => rows.map((r) => String(Object.values(r)[0] ?? ''));
