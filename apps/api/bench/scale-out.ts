/**
 * npm run bench:scale-out — the located first page (GET /api/feed, Mumbai 25 km, limit 10) through
 * nginx with 1, 2 and 3 API processes on PostgreSQL, beside one process asked directly: answers per
 * second, p50/p99, and the CPU each answer cost the API processes (from /proc/<pid>/stat) and nginx,
 * with the machine's busy share. docs/performance.md (Running many processes) says how to read it.
 * DATABASE_URL: the server of the database "<db>_bench" (bench:feed's; its posts are loaded when
 * their count differs from BENCH_POSTS, default 1000000). BENCH_REQUESTS per row (default 4000),
 * BENCH_CONCURRENCY connections (default 16), BENCH_PROCESSES the largest count (default 3).
 * REDIS_URL, when set, is used as in production (the feed's per-IP limit is lifted: one address asks).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { VISITOR_HEADER } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { NGINX_BIN, installed, localNginx } from '../test/scale-out/local-servers';
import { measureCpuUse } from './cpu-use';
import { ensurePostIndexes, loadPosts } from './load-posts';
import { phoneLoad } from './phone-load';
import { startServerProcess } from './server-process';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MAX_PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
/** The located first page: what every visit asks first (docs/performance.md, Budgets). */
const PAGE = '/api/feed?lat=19.076&lon=72.8777&radiusKm=25&limit=10';
/** nginx's port for the benchmark (the API processes take free ports). */
const NGINX_PORT = Number(process.env.BENCH_NGINX_PORT ?? 6480);
const PHONE_HEADERS = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };

const env = loadEnv();
if (!env.DATABASE_URL) throw new Error('Set DATABASE_URL: several processes need a PostgreSQL server to share');
if (!installed(NGINX_BIN)) throw new Error(`${NGINX_BIN} is missing: apt-get install nginx-light`);

// bench:feed's database: its loaded posts are reused.
const url = new URL(env.DATABASE_URL);
const dbName = `${url.pathname.slice(1) || 'postgres'}_bench`;
const admin = new pg.Client({ connectionString: env.DATABASE_URL });
await admin.connect();
if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount === 0) {
  await admin.query(`CREATE DATABASE ${dbName}`);
}
await admin.end();
url.pathname = `/${dbName}`;
const databaseUrl = url.toString();
// Loading builds indexes over every post (minutes at 1M): no statement timeout here.
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

const ticksPerSecond = 100; // USER_HZ: 100 on every Linux build Node runs on.
/** CPU seconds a process has used (user + system), from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}
/** A process and its children (nginx's workers). */
function withChildren(pid: number): number[] {
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}
const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);

const servers = [];
for (let i = 0; i < MAX_PROCESSES; i += 1) {
  servers.push(
    await startServerProcess('feed-server.ts', {
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_LOG_FILE: path.join(os.tmpdir(), `aaspaas-bench-scale-out-${i + 1}.log`),
      // Behind nginx, as in production (README): the client is the right-most X-Forwarded-For entry.
      TRUST_PROXY: '1',
    }),
  );
}
const visitorIds = Array.from({ length: CONCURRENCY }, (_, i) => `bench-visitor-${i + 1}`);
const load = (origin: string, amount: number) =>
  phoneLoad({ url: `${origin}${PAGE}`, amount, headers: PHONE_HEADERS, visitorHeader: VISITOR_HEADER, visitorIds });

type Row = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  apiCpuMs: number;
  nginxCpuMs: number | null;
  busy: number | null;
};
async function measure(label: string, origin: string, apiPids: number[], nginxPids: number[] | null): Promise<Row> {
  // Every process JIT-compiles its hot path and prepares its statements on each connection first.
  await load(origin, 500 * apiPids.length);
  const apiBefore = cpuOf(apiPids);
  const nginxBefore = nginxPids ? cpuOf(nginxPids) : 0;
  const machine = measureCpuUse();
  const { times, seconds } = await load(origin, REQUESTS);
  const busy = machine()?.busy ?? null;
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return {
    label,
    rps: times.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    apiCpuMs: ((cpuOf(apiPids) - apiBefore) * 1000) / times.length,
    nginxCpuMs: nginxPids ? ((cpuOf(nginxPids) - nginxBefore) * 1000) / times.length : null,
    busy,
  };
}

const results: Row[] = [];
const first = servers[0]!;
results.push(await measure('1 process, direct', first.address, [first.child.pid!], null));
for (let n = 1; n <= MAX_PROCESSES; n += 1) {
  const chosen = servers.slice(0, n);
  const ports = chosen.map((s) => Number(new URL(s.address).port));
  const nginx = await localNginx([`127.0.0.1:${NGINX_PORT}`], ports);
  try {
    results.push(
      await measure(
        `${n} via nginx`,
        nginx.url,
        chosen.map((s) => s.child.pid!),
        withChildren(nginx.pid),
      ),
    );
  } finally {
    await nginx.stop();
  }
}
for (const server of servers) server.child.kill('SIGTERM');

const alone = results[0]!;
console.log(
  `\n${PAGE}: ${POSTS.toLocaleString('en-IN')} posts, ${REQUESTS} answers per row, ${CONCURRENCY} connections, ` +
    `${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(
  'processes            | answers/s | × alone |  p50 ms |  p99 ms | API CPU ms/answer | nginx CPU ms/answer | machine busy',
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(21)}|${r.rps.toFixed(0).padStart(10)} |${(r.rps / alone.rps).toFixed(2).padStart(7)}× |${r.p50.toFixed(2).padStart(8)} |${r.p99.toFixed(2).padStart(8)} |` +
      `${r.apiCpuMs.toFixed(3).padStart(18)} |${(r.nginxCpuMs === null ? '–' : r.nginxCpuMs.toFixed(3)).padStart(20)} |${(r.busy === null ? '–' : `${(r.busy * 100).toFixed(0)} %`).padStart(13)}`,
  );
}
console.log(
  '\nAPI CPU per answer is what one answer costs whatever the core count; answers/s with more processes rises only ' +
    'while idle cores remain (docs/performance.md, Running many processes).',
);
process.exit(0);
