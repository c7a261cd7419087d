/**
 * npm run bench:first-screen — GET / (the feed's HTML with its first screen drawn on the server) under
 * load on PostgreSQL: first visits (no visitor id) with no IP location and from a Mumbai address, 32
 * connections for BENCH_SECONDS each (autocannon). Prints requests per second, p50/p99, timeouts and
 * errors, with the load average: on a shared machine every figure is an upper bound.
 * DATABASE_URL is the database benchmarked (its posts are replaced unless BENCH_POSTS, default
 * 5000000, match); the web app must be built (`npm run build`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { ensurePostIndexes, loadPosts } from './load-posts';
import { startServerProcess } from './server-process';

const POSTS = Number(process.env.BENCH_POSTS ?? 5_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = 32;
/** A public address the bundled GeoLite2 data places in Mumbai (the dense city of bench:feed). */
const MUMBAI_IP = '49.36.0.1';

const env = loadEnv();
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to benchmark');
if (!fs.existsSync(path.join(env.webDistDir, 'index.html')) || !fs.existsSync(env.webFirstScreenModule)) {
  throw new Error(`No built web app in ${env.webDistDir}: run npm run build first`);
}

const handle = await openDatabase({ databaseUrl, dataDir: null, statementTimeoutMs: 0 });
await handle.migrate();
const { rows } = await handle.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts`);
if ((rows[0]?.n ?? 0) !== POSTS) {
  console.log(`Loading ${POSTS.toLocaleString('en-IN')} posts…`);
  await loadPosts(handle.db, POSTS, console.log);
} else {
  await ensurePostIndexes(handle.db, console.log);
}
await handle.close();

const { address, child } = await startServerProcess('feed-server.ts', {
  BENCH_DATABASE_URL: databaseUrl,
  BENCH_WEB: '1',
  TRUST_PROXY: 'true',
});

const headers = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br, zstd' };
const run = (caseHeaders: Record<string, string>, duration: number) =>
  autocannon({ url: `${address}/`, connections: CONNECTIONS, duration, timeout: 10, headers: { ...headers, ...caseHeaders } });

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(`\n${POSTS.toLocaleString('en-IN')} posts, GET / first visits, ${CONNECTIONS} connections, ${SECONDS} s per case`);
console.log('visitor          | req/s  | p50 ms | p99 ms | max ms | timeouts | errors | non-2xx | load average (1 5 15 min)');
for (const [name, caseHeaders] of [
  ['no location', {}],
  ['Mumbai (IP)', { 'x-forwarded-for': MUMBAI_IP }],
] as const) {
  await run(caseHeaders, 3);
  const r = await run(caseHeaders, SECONDS);
  console.log(
    `${name.padEnd(16)} | ${r.requests.average.toFixed(0).padStart(6)} | ${String(r.latency.p50).padStart(6)} | ${String(r.latency.p99).padStart(6)} | ${String(r.latency.max).padStart(6)} | ${String(r.timeouts).padStart(8)} | ${String(r.errors).padStart(6)} | ${String(r.non2xx).padStart(7)} | ${load()}`,
  );
}
child.kill('SIGTERM');
