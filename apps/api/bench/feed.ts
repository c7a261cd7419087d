/**
 * npm run bench:feed — 1,000,000 posts in the configured database (a separate "<db>_bench" database
 * on PostgreSQL, DATA_DIR/bench-pglite on PGlite), then GET /api/feed over HTTP with concurrency 8 at
 * a dense point, a town and a rural point, radius 5/25/100 km, first and deep page: p50/p99 and
 * requests/s, beside the time the database takes for the same queries without HTTP.
 * Settings by environment: BENCH_POSTS (default 1000000), BENCH_REQUESTS per case (default 400),
 * BENCH_RELOAD=1 to load again although the count matches.
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
import { loadPosts } from './load-posts';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
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
  dataDir: databaseUrl ? null : path.join(env.dataDir, 'bench-pglite'),
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
}

// PGlite is one process's database: only PostgreSQL can be shared with a separate server process.
const server = databaseUrl ? await startServerProcess() : await startInProcess();
const address = server.address;
console.log(`API server: ${databaseUrl ? 'its own process' : 'in this process (PGlite cannot be shared)'}`);

async function startServerProcess(): Promise<{ address: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'feed-server.ts')], {
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
const repo = createFeedRepository(handle.db, handle.preparedDb);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Each of the CONCURRENCY clients is one phone with its own visitor id, as the web app sends it (spec §3). */
const visitorIds = Array.from({ length: CONCURRENCY }, (_, i) => `bench-visitor-${i + 1}`);

async function drive(task: (client: number) => Promise<void>): Promise<{ p50: number; p99: number; rps: number }> {
  // Warm-up, all clients at once: a running server has JIT-compiled its hot path and prepared its
  // statements on each pooled connection (PostgreSQL settles on a prepared statement's plan after 5
  // runs), so the first requests of a cold process are not what phones of a running feed see.
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      for (let i = 0; i < 10; i++) await task(client);
    }),
  );
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, client) => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        await task(client);
        times.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: times.length / elapsed };
}

/**
 * The load generator is a plain keep-alive HTTP client rather than fetch: on one 2-core machine the
 * client's own CPU competes with the server's, and fetch (WHATWG streams, decompression) cost about
 * as much CPU per request as the API itself. The request is a phone's: Chrome on Android's
 * Accept-Encoding and the visitor id. The body is read whole but not decompressed (the phone's
 * work, not the server's); checkPage decompresses one answer per case to check it.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const PHONE_HEADERS = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
function get(pathAndQuery: string, client: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${address}${pathAndQuery}`,
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
async function checkPage(query: string): Promise<{ posts: number; encoding: string; bytes: number; rawBytes: number }> {
  const answer = await get(`/api/feed?${query}`, 0);
  if (answer.status !== 200) throw new Error(`status ${answer.status}: ${decoded(answer)}`);
  const text = decoded(answer);
  const posts = PostListSchema.parse(JSON.parse(text));
  return {
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
console.log(`\nGET /api/feed, concurrency ${CONCURRENCY}, ${REQUESTS} requests per case, limit 10`);
console.log(
  'case                                    | API p50  | API p99  |  API r/s | DB p50   | DB p99   | API/DB p50 | load | answer',
);
for (const point of POINTS) {
  for (const radiusKm of RADII) {
    for (const depth of ['first', 'deep'] as const) {
      const base = `lat=${point.lat}&lon=${point.lon}&radiusKm=${radiusKm}&limit=10`;
      const cursor = depth === 'deep' ? await deepCursor(base) : null;
      const label = `${point.name} ${radiusKm} km ${depth === 'deep' ? `deep (page ${DEEP_PAGES + 1})` : 'first'}`;
      if (depth === 'deep' && !cursor) {
        console.log(`${label.padEnd(40)}| fewer than ${DEEP_PAGES + 1} pages here`);
        continue;
      }
      const query = `${base}${cursor ? `&cursor=${cursor}` : ''}`;
      const check = await checkPage(query);
      const api = await drive(async (client) => {
        const answer = await get(`/api/feed?${query}`, client);
        if (answer.status !== 200) throw new Error(`status ${answer.status}: ${decoded(answer)}`);
      });
      const parsed: FeedQuery = FeedQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const db = await drive(async (client) => {
        await repo.feed(parsed, visitorIds[client]);
      });
      console.log(
        `${label.padEnd(40)}|${f(api.p50)} |${f(api.p99)} |${api.rps.toFixed(0).padStart(9)} |${f(db.p50)} |${f(db.p99)} | ${(api.p50 / db.p50).toFixed(2).padStart(9)}× | ${os.loadavg()[0]!.toFixed(1).padStart(4)} | ${check.posts} posts, ${check.encoding} ${check.bytes} B (${check.rawBytes} B JSON)`,
      );
    }
  }
}

// What the database does for the dense 25 km first page (GUIDE §5: it must not sort every match).
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
await handle.close();
