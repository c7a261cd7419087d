/**
 * npm run bench:feed (one file above the usual size: its cases, the HTTP runs and the database-only runs
 * of the same queries are one measurement) — 1,000,000 posts in the configured database (a separate "<db>_bench" database
 * on PostgreSQL, DATA_DIR/bench-pglite on PGlite), then GET /api/feed over HTTP with concurrency 8 at
 * a dense point, a town and a rural point, radius 5/25/100 km, first and deep page: p50/p99 and
 * requests/s, beside the time the database takes for the same queries without HTTP.
 * Settings by environment: BENCH_POSTS (default 1000000), BENCH_REQUESTS per case (default 2000),
 * BENCH_WARM_UP requests per case before any is measured (default 1500),
 * BENCH_RELOAD=1 to load again although the count matches; DB_PREPARED_STATEMENTS=false measures the
 * statements sent unnamed (a pooler in transaction mode).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { type FeedQuery, FeedQuerySchema, NEXT_CURSOR_HEADER, PostListSchema, VISITOR_HEADER } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { createFeedRepository } from '../src/plugins/app/posts/feed-repository';
import { ensurePostIndexes, loadPosts } from './load-posts';
import { phoneLoad } from './phone-load';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const WARM_UP = 80;
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP ?? 1500);
const RELOAD = process.env.BENCH_RELOAD === '1';
const CONCURRENCY = 8;
const POINTS = [
  { name: 'Mumbai (dense)', lat: 19.076, lon: 72.8777 },
  { name: 'Nashik (town)', lat: 19.9975, lon: 73.7898 },
  { name: 'rural (24.5, 79.5)', lat: 24.5, lon: 79.5 },
];
const RADII = [5, 25, 100];
const DEEP_PAGES = 20;

const env = loadEnv();
let databaseUrl: string | undefined;
if (env.DATABASE_URL) {
  const url = new URL(env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'postgres'}_bench`;
  const admin = new pg.Client({ connectionString: env.DATABASE_URL });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}
/** The last feed query the database saw, for EXPLAIN. */
const seen: { last: { query: string; params: unknown[] } | null } = { last: null };
const handle = await openDatabase({
  databaseUrl,
  // Loading builds indexes over every post (minutes at 1M posts): the API's 5 s timeout would cancel them.
  statementTimeoutMs: 0,
  dataDir: databaseUrl ? null : path.join(env.dataDir, 'bench-pglite'),
  namedStatements: env.DB_PREPARED_STATEMENTS,
  logQuery: (query, params) => {
    if (query.includes('LATERAL')) seen.last = { query, params };
  },
});
await handle.migrate();
console.log(`Database: ${handle.kind}${databaseUrl ? ` (${new URL(databaseUrl).pathname.slice(1)})` : ''}`);

const { rows: countRows } = await handle.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts`);
if (RELOAD || (countRows[0]?.n ?? 0) !== POSTS) {
  console.log(`Loading ${POSTS.toLocaleString('en-IN')} posts…`);
  const t0 = performance.now();
  await loadPosts(handle.db, POSTS, console.log);
  console.log(`Loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
} else {
  console.log(`Reusing ${POSTS.toLocaleString('en-IN')} loaded posts (BENCH_RELOAD=1 to load again)`);
  await ensurePostIndexes(handle.db, console.log);
}

// PGlite is one process's database: only PostgreSQL can be shared with a separate server process.
const server = databaseUrl ? await startServerProcess('feed-server.ts') : await startInProcess();
const address = server.address;
console.log(`API server: ${databaseUrl ? 'its own process' : 'in this process (PGlite cannot be shared)'}`);
// The control (bare-feed-server.ts): the same repository call behind a bare node:http server.
const bare = databaseUrl ? await startServerProcess('bare-feed-server.ts') : null;

async function startServerProcess(script: string): Promise<{ address: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, script)], {
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const end = buffered.indexOf('\n');
      if (end >= 0) resolve(buffered.slice(0, end));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { address: childAddress } = JSON.parse(line) as { address: string };
  return {
    address: childAddress,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function startInProcess(): Promise<{ address: string; stop: () => Promise<void> }> {
  const fastify = Fastify({ logger: false });
  await fastify.register(app, {
    env: {
      ...env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ENGAGEMENT_PER_MIN: 1e9,
      WEB_DIST_DIR: '/nonexistent',
      webDistDir: '/nonexistent',
    },
    dbHandle: handle,
  });
  return { address: await fastify.listen({ host: '127.0.0.1', port: 0 }), stop: () => fastify.close() };
}
const repo = createFeedRepository(handle);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Each of the CONCURRENCY clients is one phone with its own visitor id, as the web app sends it (docs/product.md §3). */
const visitorIds = Array.from({ length: CONCURRENCY }, (_, i) => `bench-visitor-${i + 1}`);

function summary({ times, seconds }: { times: number[]; seconds: number }) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), rps: sorted.length / seconds };
}

/**
 * The same page asked for by the CONCURRENCY phones (phone-load.ts), after a warm-up: a running
 * server has JIT-compiled its hot path and prepared its statements on each pooled connection
 * (PostgreSQL settles on a prepared statement's plan after 5 runs), so the first requests of a
 * cold process are not what phones of a running feed see.
 */
async function driveHttp(origin: string, pathAndQuery: string) {
  const load = (amount: number) =>
    phoneLoad({ url: `${origin}${pathAndQuery}`, amount, headers: PHONE_HEADERS, visitorHeader: VISITOR_HEADER, visitorIds });
  await load(WARM_UP);
  return summary(await load(REQUESTS));
}

/** `amount` repository calls behind a page, CONCURRENCY at a time in this process. */
async function runDb(task: (client: number) => Promise<unknown>, amount: number) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (next < amount) {
        next += 1;
        const t = performance.now();
        await task(client);
        times.push(performance.now() - t);
      }
    }),
  );
  return { times, seconds: (performance.now() - started) / 1000 };
}

/** The database's own time for a page: the same repository call as the API's, without HTTP. */
async function driveDb(task: (client: number) => Promise<unknown>) {
  await runDb(task, WARM_UP);
  return summary(await runDb(task, REQUESTS));
}

/**
 * A phone's request: Chrome on Android's Accept-Encoding and the visitor id. The timed load reads
 * bodies whole but does not decompress them (the phone's work, not the server's); checkPage
 * decompresses one answer per case, with this plain client, to check it.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const PHONE_HEADERS = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function get(pathAndQuery: string, client: number, origin = address): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${origin}${pathAndQuery}`,
      { agent, headers: { ...PHONE_HEADERS, [VISITOR_HEADER]: visitorIds[client] } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

function decoded(answer: Answer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

/** One answer of the case, decompressed and parsed against the contract: the benchmark times real pages. */
async function checkPage(query: string, origin = address) {
  const answer = await get(`/api/feed?${query}`, 0, origin);
  if (answer.status !== 200) throw new Error(`status ${answer.status}: ${decoded(answer)}`);
  const text = decoded(answer);
  const posts = PostListSchema.parse(JSON.parse(text));
  return {
    ids: posts.map((p) => p.id).join(),
    posts: posts.length,
    encoding: String(answer.headers['content-encoding'] ?? 'identity'),
    bytes: answer.body.length,
    rawBytes: Buffer.byteLength(text),
  };
}

async function deepCursor(query: string): Promise<string | null> {
  let cursor: string | null = null;
  for (let i = 0; i < DEEP_PAGES; i++) {
    const answer = await get(`/api/feed?${query}${cursor ? `&cursor=${cursor}` : ''}`, 0);
    const header = answer.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    cursor = typeof header === 'string' ? header : null;
    if (!cursor) return null;
  }
  return cursor;
}

const f = (n: number) => n.toFixed(2).padStart(8);
type Case = { label: string; query: string; parsed: FeedQuery } | { label: string; skipped: string };
const cases: Case[] = [];
for (const point of POINTS) {
  for (const radiusKm of RADII) {
    for (const depth of ['first', 'deep'] as const) {
      const base = `lat=${point.lat}&lon=${point.lon}&radiusKm=${radiusKm}&limit=10`;
      const cursor = depth === 'deep' ? await deepCursor(base) : null;
      const label = `${point.name} ${radiusKm} km ${depth === 'deep' ? `deep (page ${DEEP_PAGES + 1})` : 'first'}`;
      if (depth === 'deep' && !cursor) {
        cases.push({ label, skipped: `fewer than ${DEEP_PAGES + 1} pages here` });
        continue;
      }
      const query = `${base}${cursor ? `&cursor=${cursor}` : ''}`;
      cases.push({ label, query, parsed: FeedQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))) });
    }
  }
}

// A running server has served thousands of pages: V8 optimises its hot path only after many
// calls, and with a short warm-up the first cases measured a half-compiled server (p50 up to
// 1.7× higher on the first case than the same case measured later). Every case once, both ways.
console.log(`Warming up: ${WARM_UP_ROUNDS} requests per case, over HTTP and straight to the database…`);
for (const c of cases) {
  if ('skipped' in c) continue;
  for (const origin of bare ? [address, bare.address] : [address]) {
    await phoneLoad({
      url: `${origin}/api/feed?${c.query}`,
      amount: WARM_UP_ROUNDS,
      headers: PHONE_HEADERS,
      visitorHeader: VISITOR_HEADER,
      visitorIds,
    });
  }
  await runDb((client) => repo.feed(c.parsed, visitorIds[client]), WARM_UP_ROUNDS);
}

console.log(`\nGET /api/feed, concurrency ${CONCURRENCY}, ${REQUESTS} requests per case, limit 10`);
console.log(
  'case                                    | API p50  | API p99  |  API r/s | bare p50 | bare p99 | DB p50   | DB p99   | API/DB | bare/DB | load | answer',
);
const firstPageP99: number[] = [];
const ratios: number[] = [];
const ratio = (a: number, b: number) => `${(a / b).toFixed(2).padStart(5)}×`;
for (const c of cases) {
  if ('skipped' in c) {
    console.log(`${c.label.padEnd(40)}| ${c.skipped}`);
    continue;
  }
  const check = await checkPage(c.query);
  if (bare && (await checkPage(c.query, bare.address)).ids !== check.ids) {
    throw new Error(`${c.label}: the bare control answered other posts than the API`);
  }
  const api = await driveHttp(address, `/api/feed?${c.query}`);
  const control = bare ? await driveHttp(bare.address, `/api/feed?${c.query}`) : null;
  const db = await driveDb((client) => repo.feed(c.parsed, visitorIds[client]));
  if (c.label.endsWith('first')) firstPageP99.push(api.p99);
  ratios.push(api.p50 / db.p50);
  console.log(
    `${c.label.padEnd(40)}|${f(api.p50)} |${f(api.p99)} |${api.rps.toFixed(0).padStart(9)} |${control ? f(control.p50) : '       –'} |${control ? f(control.p99) : '       –'} |${f(db.p50)} |${f(db.p99)} | ${ratio(api.p50, db.p50)} | ${control ? ratio(control.p50, db.p50) : '     –'}  | ${os.loadavg()[0]!.toFixed(1).padStart(4)} | ${check.posts} posts, ${check.encoding} ${check.bytes} B (${check.rawBytes} B JSON)`,
  );
}
// The second speed goal, "API overhead ≤ 1.5× the database time", read both ways: the API's
// overhead (API − DB) at most 1.5× the database's time, i.e. API/DB ≤ 2.5; and, stricter, the API's
// whole time at most 1.5× the database's (API/DB ≤ 1.5).
const within = (limit: number) => ratios.filter((r) => r <= limit).length;
console.log(
  `\nGoals: first-page p99 ≤ 20 ms in ${firstPageP99.filter((p) => p <= 20).length} of ${firstPageP99.length} cases ` +
    `(worst ${Math.max(...firstPageP99).toFixed(1)} ms); API overhead (API − DB) ≤ 1.5× the DB p50 in ${within(2.5)} of ${ratios.length}, ` +
    `API ≤ 1.5× the DB p50 in ${within(1.5)} of ${ratios.length} (API/DB ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×).` +
    (bare ? ' bare: the same repository call behind a bare node:http server (bare-feed-server.ts).' : ''),
);

// What the database does for the dense 25 km first page (docs/performance.md, Budgets: it must not sort every match).
await repo.feed(FeedQuerySchema.parse({ lat: '19.076', lon: '72.8777', radiusKm: '25', limit: '10' }), visitorIds[0]);
const captured = seen.last;
if (captured) {
  // As the API runs it: a prepared statement with its generic plan (on PostgreSQL the pool forces
  // it; ADR 006), run once before, in one transaction so every step uses one connection.
  const values = captured.params
    .map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`))
    .join(', ');
  const plan = await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`PREPARE bench_feed AS ${captured.query}`));
    await tx.execute(sql.raw(`EXECUTE bench_feed(${values})`));
    const { rows } = await tx.execute<Record<string, string>>(
      sql.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) EXECUTE bench_feed(${values})`),
    );
    await tx.execute(sql.raw('DEALLOCATE bench_feed'));
    return rows.map((r) => String(Object.values(r)[0] ?? ''));
  });
  const loopRows = Math.max(
    ...plan.filter((l) => /Nested Loop \(actual/.test(l)).map((l) => Number(l.match(/rows=(\d+)/)?.[1] ?? 0)),
  );
  console.log(
    `\nEXPLAIN dense Mumbai 25 km, first page (${handle.kind}, prepared statement): one index scan per cell, each ` +
      `stopping at the page size, later time windows never executed when the first fills the page; no join ` +
      `handles more than ${loopRows} rows, not every post within the radius.`,
  );
  console.log(
    plan
      .filter((l) => /CTE w|Nested Loop|Index Scan|One-Time Filter|Planning|Execution/.test(l))
      .map((l) => `  ${l}`)
      .join('\n'),
  );
}

await server.stop();
await bare?.stop();
await handle.close();
