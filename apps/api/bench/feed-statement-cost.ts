/**
 * npm run bench:feed:statements -- 'limit=10&lat=24.5&lon=79.5&radiusKm=25&q=%23nosuchtag' … — what
 * PostgreSQL spends on one execution of each query's feed statement, with no load beside it: the
 * statement the API would run (its text and values, from the repository), prepared on one connection
 * with the prepared search pool's settings, executed 200 times to warm up and then BENCH_EXECUTIONS
 * times (default 2,000) in a row. Prints µs per execution and the statement's length, and the same for
 * `SELECT 1` (the round trip alone). The matrix (bench:feed:matrix) gives buffers and latency under
 * load; this separates a statement's fixed cost (setting up its plan) from what it reads (ADR 032).
 * DATABASE_URL is a database bench:feed:matrix has loaded.
 */
import { FeedQuerySchema } from '@aaspaas/domain';
import pg from 'pg';
import { loadEnv } from '../src/config/env';
import { PREPARED_SEARCH_POOL_SETTINGS, openDatabase } from '../src/db/client';
import { createFeedRepository } from '../src/plugins/app/posts/feed-repository';

const EXECUTIONS = Number(process.env.BENCH_EXECUTIONS ?? 2000);
const databaseUrl = loadEnv().DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database bench:feed:matrix loaded');
const queries = process.argv.slice(2);
if (queries.length === 0) throw new Error("Give the feed's queries, e.g. 'limit=10&lat=24.5&lon=79.5&radiusKm=25&q=fresh'");

let captured: { query: string; params: unknown[] } | null;
const handle = await openDatabase({
  databaseUrl,
  dataDir: null,
  statementTimeoutMs: 0,
  logQuery: (query, params) => {
    if (query.includes('WITH')) captured = { query, params };
  },
});
const repo = createFeedRepository(handle);
// The API's prepared search pool: generic plans, no parallel workers, no JIT (src/db/client.ts).
const settings = { ...PREPARED_SEARCH_POOL_SETTINGS, jit: 'off' };
const client = new pg.Client({
  connectionString: databaseUrl,
  options: Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' '),
});
await client.connect();

async function perExecution(name: string, text: string, values: unknown[]): Promise<number> {
  for (let i = 0; i < 200; i++) await client.query({ name, text, values });
  const t0 = performance.now();
  for (let i = 0; i < EXECUTIONS; i++) await client.query({ name, text, values });
  return ((performance.now() - t0) / EXECUTIONS) * 1000;
}

for (const [i, query] of queries.entries()) {
  captured = null;
  await repo.feed(FeedQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))), 'bench-visitor-1');
  const statement = captured as { query: string; params: unknown[] } | null;
  if (!statement) throw new Error(`No feed statement for ${query}`);
  const us = await perExecution(`bench_${i}`, statement.query, statement.params);
  console.log(`${us.toFixed(0).padStart(6)} µs  ${String(statement.query.length).padStart(6)} chars  ${query}`);
}
console.log(`${(await perExecution('bench_one', 'SELECT 1', [])).toFixed(0).padStart(6)} µs  SELECT 1`);
await client.end();
await handle.close();
