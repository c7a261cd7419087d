// Throwaway (not committed): EXPLAIN ANALYZE BUFFERS of each statement the API runs for a query string.
import { sql } from 'drizzle-orm';
import { PREPARED_POOL_SETTINGS, PREPARED_SEARCH_POOL_SETTINGS } from '../src/db/client';
import { openFeedStatements } from './feed-statement';
const { handle, statementsOf } = await openFeedStatements(process.env.DATABASE_URL!, 'bench-visitor-1');
for (const query of process.argv.slice(2)) {
  console.log(`==== ${query}`);
  for (const c of await statementsOf(query)) {
    const values = c.params.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
    await handle.db.transaction(async (tx) => {
      const settings = new URLSearchParams(query).get('q') ? PREPARED_SEARCH_POOL_SETTINGS : PREPARED_POOL_SETTINGS;
      for (const [name, value] of Object.entries(settings)) await tx.execute(sql.raw(`SET LOCAL ${name} = ${value}`));
      await tx.execute(sql.raw(`PREPARE bench_case AS ${c.query}`));
      const run = `EXECUTE bench_case${values ? `(${values})` : ''}`;
      const text = await tx.execute<Record<string, string>>(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${run}`));
      console.log(text.rows.map((r) => String(Object.values(r)[0] ?? '')).filter((l) => !/never executed/.test(l) || process.env.ALL).join('\n'));
      await tx.execute(sql.raw('DEALLOCATE bench_case'));
    });
  }
}
await handle.close?.();
process.exit(0);
