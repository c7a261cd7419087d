/**
 * npm run bench:feed:explain -- '<query string>' … — the plan of every statement the API runs for a
 * feed query (`limit=10&lat=…&q=…`, ADR 034), each under EXPLAIN (ANALYZE, BUFFERS) with its pool's
 * settings, as bench:feed:matrix explains its worst case. Steps that did not run are left out
 * (BENCH_ALL=1 keeps them). DATABASE_URL is the database explained.
 */
import { loadEnv } from '../src/config/env';
import { explainStatement, openFeedStatements, planLines } from './feed-statement';

const databaseUrl = loadEnv().DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to explain');
const { handle, statementsOf } = await openFeedStatements(databaseUrl, 'bench-visitor-1');
for (const query of process.argv.slice(2)) {
  console.log(`==== ${query}`);
  for (const c of await statementsOf(query)) {
    const [rows] = await explainStatement(handle.db, query, c, ['ANALYZE, BUFFERS, COSTS OFF']);
    console.log(
      planLines(rows!)
        .filter((l) => process.env.BENCH_ALL === '1' || !l.includes('never executed'))
        .join('\n'),
    );
  }
}
await handle.close();
