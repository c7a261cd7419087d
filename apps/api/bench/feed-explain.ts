/**
 * npm run bench:feed:explain -- '<query string>' … — the plan of every statement the API runs for a
 * feed query (`limit=10&lat=…&q=…`, ADR 034), each under EXPLAIN (ANALYZE, BUFFERS) with its pool's
 * settings, as bench:feed:matrix explains its worst case. Steps that did not run are left out
 * (BENCH_ALL=1 keeps them). DATABASE_URL is the database explained.
 */
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import { PREPARED_POOL_SETTINGS, PREPARED_SEARCH_POOL_SETTINGS } from '../src/db/client';
import { openFeedStatements } from './feed-statement';

const databaseUrl = loadEnv().DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to explain');
const { handle, statementsOf } = await openFeedStatements(databaseUrl, 'bench-visitor-1');
for (const query of process.argv.slice(2)) {
  console.log(`==== ${query}`);
  for (const c of await statementsOf(query)) {
    const values = c.params.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
    await handle.db.transaction(async (tx) => {
      // The feed's statements run as named statements on the prepared pools (ADR 006, ADR 025): explained with their settings.
      const settings = new URLSearchParams(query).get('q') ? PREPARED_SEARCH_POOL_SETTINGS : PREPARED_POOL_SETTINGS;
      for (const [name, value] of Object.entries(settings)) await tx.execute(sql.raw(`SET LOCAL ${name} = ${value}`));
      await tx.execute(sql.raw(`PREPARE bench_case AS ${c.query}`));
      const run = `EXECUTE bench_case${values ? `(${values})` : ''}`;
      const { rows } = await tx.execute<Record<string, string>>(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${run}`));
      const lines = rows.map((r) => String(Object.values(r)[0] ?? ''));
      console.log(lines.filter((l) => process.env.BENCH_ALL === '1' || !l.includes('never executed')).join('\n'));
      await tx.execute(sql.raw('DEALLOCATE bench_case'));
    });
  }
}
await handle.close();
