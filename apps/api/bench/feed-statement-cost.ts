/**
 * npm run bench:feed:statements -- 'limit=10&lat=24.5&lon=79.5&radiusKm=25&q=%23nosuchtag' … — what
 * PostgreSQL spends on one execution of each query's feed statements, with no load beside it: the
 * statements the API would run (their text and values, from the repository; more than one when a
 * lookup's first statement comes short, ADR 034), prepared on one connection with the settings of the
 * pool the API runs them on, executed 200 times to warm up and then BENCH_EXECUTIONS times (default
 * 2,000) in a row. Prints µs per execution (all its statements) and the statements' lengths, and the
 * same for `SELECT 1` (the round trip alone). The matrix (bench:feed:matrix) gives buffers and latency
 * under load; this separates a statement's fixed cost (setting up its plan) from what it reads (ADR 032).
 * DATABASE_URL is a database bench:feed:matrix has loaded.
 */
import pg from 'pg';
import { loadEnv } from '../src/config/env';
import { PREPARED_POOL_SETTINGS, PREPARED_SEARCH_POOL_SETTINGS } from '../src/db/client';
import { openFeedStatements } from './feed-statement';

const EXECUTIONS = Number(process.env.BENCH_EXECUTIONS ?? 2000);
const databaseUrl = loadEnv().DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database bench:feed:matrix loaded');
const queries = process.argv.slice(2);
if (queries.length === 0) throw new Error("Give the feed's queries, e.g. 'limit=10&lat=24.5&lon=79.5&radiusKm=25&q=fresh'");

const { handle, statementsOf } = await openFeedStatements(databaseUrl, 'bench-visitor-1');
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();

/** The settings of the prepared pool the API runs `query`'s statement on (src/db/client.ts), and no JIT. */
async function settingsFor(query: string) {
  const settings = new URLSearchParams(query).get('q') ? PREPARED_SEARCH_POOL_SETTINGS : PREPARED_POOL_SETTINGS;
  await client.query('RESET ALL');
  for (const [name, value] of Object.entries({ ...settings, jit: 'off' })) await client.query(`SET ${name} = ${value}`);
}

async function perExecution(statements: { name: string; text: string; values: unknown[] }[]): Promise<number> {
  const run = async () => {
    for (const statement of statements) await client.query(statement);
  };
  for (let i = 0; i < 200; i++) await run();
  const t0 = performance.now();
  for (let i = 0; i < EXECUTIONS; i++) await run();
  return ((performance.now() - t0) / EXECUTIONS) * 1000;
}

for (const [i, query] of queries.entries()) {
  const statements = await statementsOf(query);
  await settingsFor(query);
  if (statements.length === 0) throw new Error(`No feed statement for ${query}`);
  const us = await perExecution(statements.map((s, j) => ({ name: `bench_${i}_${j}`, text: s.query, values: s.params })));
  const chars = statements.map((s) => s.query.length).join(' + ');
  console.log(`${us.toFixed(0).padStart(6)} µs  ${chars} chars  ${query}`);
}
console.log(`${(await perExecution([{ name: 'bench_one', text: 'SELECT 1', values: [] }])).toFixed(0).padStart(6)} µs  SELECT 1`);
await client.end();
await handle.close();
