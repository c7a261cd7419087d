/**
 * npm run bench:feed:matrix — every shape of GET /api/feed on PostgreSQL: location (dense / town /
 * rural / none) × radius (5 / 25 / 100 km) × search (none, a common tag, a rare tag, an absent tag,
 * a word, two words) × filter (none / a rare category / open now) × page (first / 21st). For each: p50/p99 through the
 * API (its own process, request logs on) at concurrency 8, the machine's CPU use while they were
 * timed (busy and stolen, cpu-use.ts), and the database's work for the statements it runs (EXPLAIN
 * ANALYZE BUFFERS: buffers touched, execution time, summed; how many statements, ADR 034); then the
 * plans of the worst case.
 * DATABASE_URL is the database benchmarked (its posts are replaced unless BENCH_POSTS match).
 * Settings: BENCH_POSTS (default 1000000), BENCH_REQUESTS per case (default 1000, so a p99 is the
 * 10th slowest answer and not the 2nd: ADR 042; 0 prints the database's work only, without load),
 * BENCH_RELOAD=1, BENCH_ONLY a regular expression on the case's label (e.g. 'dense.*100.*two
 * words') to run those only, BENCH_CONCURRENCY the phones asking at once (default 8, the goal's: a
 * lower one shows what the same answers take with fewer waiting on the API's one thread).
 */
import os from 'node:os';
import { NEXT_CURSOR_HEADER, VISITOR_HEADER } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { loadEnv } from '../src/config/env';
import { type FeedStatement, explainStatement, openFeedStatements, planLines } from './feed-statement';
import { BENCH_TERMS, ensurePostIndexes, loadPosts } from './load-posts';
import { startServerProcess } from './server-process';
import { phoneLoad } from './phone-load';
import { type CpuUse, measureCpuUse } from './cpu-use';

const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const DEEP_PAGES = 20;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const env = loadEnv();
const databaseUrl = env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to the PostgreSQL database to benchmark');

const visitorIds = Array.from({ length: CONCURRENCY }, (_, i) => `bench-visitor-${i + 1}`);
const { handle, statementsOf } = await openFeedStatements(databaseUrl, visitorIds[0]!);
await handle.migrate();
const { rows: countRows } = await handle.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM posts`);
if (process.env.BENCH_RELOAD === '1' || (countRows[0]?.n ?? 0) !== POSTS) {
  console.log(`Loading ${POSTS.toLocaleString('en-IN')} posts…`);
  const t0 = performance.now();
  await loadPosts(handle.db, POSTS, console.log);
  console.log(`Loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
} else {
  await ensurePostIndexes(handle.db, console.log);
}

const { address, child } = await startServerProcess('feed-server.ts', { BENCH_DATABASE_URL: databaseUrl });

const LOCATIONS = [
  { name: 'dense', at: '&lat=19.076&lon=72.8777' },
  { name: 'town', at: '&lat=19.9975&lon=73.7898' },
  { name: 'rural', at: '&lat=24.5&lon=79.5' },
  { name: 'none', at: '' },
];
const SEARCHES = [
  { name: '-', q: '' },
  { name: 'common tag', q: BENCH_TERMS.commonTag.q },
  { name: 'rare tag', q: BENCH_TERMS.rareTag.q },
  { name: 'absent tag', q: BENCH_TERMS.absentTag.q },
  { name: 'word', q: BENCH_TERMS.word.q },
  { name: 'two words', q: BENCH_TERMS.twoWords.q },
];
/** Open now is set beside the rare category: both narrow a walk by a condition on each row or index key. */
const FILTERS = [
  { name: '-', param: '' },
  { name: BENCH_TERMS.rareCategory.category, param: `&category=${BENCH_TERMS.rareCategory.category}` },
  { name: 'open now', param: '&openNow=true' },
];
const headers = { accept: '*/*', 'accept-encoding': 'gzip, deflate, br, zstd' };

async function cursorAfter(query: string, pages: number): Promise<string | null> {
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const res = await fetch(`${address}/api/feed?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    cursor = res.headers.get(NEXT_CURSOR_HEADER);
    await res.arrayBuffer();
    if (!cursor) return null;
  }
  return cursor;
}

/**
 * Buffers the statements touched (shared hit + read) and their execution time, summed over the
 * statements the API runs for `query` (ADR 034), how many those are, and with `withPlan` their plans.
 */
async function explain(query: string, withPlan = false) {
  const total = { buffers: 0, ms: 0, statements: 0, plan: [] as string[] };
  for (const c of await statementsOf(query)) {
    const one = await explainOne(query, c, withPlan);
    total.buffers += one.buffers;
    total.ms += one.ms;
    total.statements += 1;
    total.plan.push(...(withPlan ? [`statement ${total.statements}:`, ...one.plan] : []));
  }
  return total;
}

async function explainOne(query: string, c: FeedStatement, withPlan: boolean) {
  const json = 'ANALYZE, BUFFERS, FORMAT JSON';
  const [rows, text] = await explainStatement(handle.db, query, c, withPlan ? [json, 'ANALYZE, BUFFERS, COSTS OFF'] : [json]);
  const [doc] = Object.values(rows![0] ?? {}) as [Array<{ Plan: Record<string, number>; 'Execution Time': number }>];
  const top = doc[0]!;
  return {
    buffers: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
    ms: top['Execution Time'],
    plan: text ? planLines(text) : [],
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const cpuText = (cpu: CpuUse | null) => (cpu ? `${(cpu.busy * 100).toFixed(0)}/${(cpu.steal * 100).toFixed(0)}` : '-');
const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1)).padStart(7);
console.log(
  `\n${POSTS.toLocaleString('en-IN')} posts, concurrency ${CONCURRENCY} on ${os.cpus().length} cores, ${REQUESTS} requests per case, limit 10; load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log(
  'location | km  | search       | filter   | page  | API p50 | API p99 | DB ms   | buffers | posts | load | CPU busy/steal % | statements',
);
const results: { label: string; query: string; p99: number; buffers: number }[] = [];
for (const location of LOCATIONS) {
  for (const radiusKm of location.at ? [5, 25, 100] : [null]) {
    for (const search of SEARCHES) {
      for (const filter of FILTERS) {
        for (const page of ['first', '21st'] as const) {
          const base = `limit=10${location.at}${radiusKm ? `&radiusKm=${radiusKm}` : ''}${search.q ? `&q=${encodeURIComponent(search.q)}` : ''}${filter.param}`;
          const label = `${location.name.padEnd(8)} | ${String(radiusKm ?? '–').padStart(3)} | ${search.name.padEnd(12)} | ${filter.name.padEnd(8)} | ${page.padEnd(5)}`;
          if (ONLY && !ONLY.test(label)) continue;
          const cursor = page === '21st' ? await cursorAfter(base, DEEP_PAGES) : null;
          if (page === '21st' && !cursor) {
            console.log(`${label} | fewer than ${DEEP_PAGES + 1} pages`);
            continue;
          }
          const query = `${base}${cursor ? `&cursor=${cursor}` : ''}`;
          const load = (amount: number) =>
            phoneLoad({ url: `${address}/api/feed?${query}`, amount, headers, visitorHeader: VISITOR_HEADER, visitorIds });
          let times: number[] = [];
          let cpu: CpuUse | null = null;
          try {
            if (REQUESTS > 0) {
              await load(40);
              const cpuSince = measureCpuUse();
              ({ times } = await load(REQUESTS));
              cpu = cpuSince();
            }
          } catch (error) {
            // A statement past the API's statement timeout answers 503: the case is reported, not the run ended.
            console.log(`${label} | failed: ${(error as Error).message}`);
            results.push({ label, query, p99: Number.POSITIVE_INFINITY, buffers: (await explain(query)).buffers });
            continue;
          }
          const sorted = times.sort((a, b) => a - b);
          const db = await explain(query);
          const res = await fetch(`${address}/api/feed?${query}`);
          const posts = ((await res.json()) as unknown[]).length;
          results.push({ label, query, p99: pct(sorted, 99), buffers: db.buffers });
          console.log(
            `${label} |${f(pct(sorted, 50))} |${f(pct(sorted, 99))} |${f(db.ms)} |${String(db.buffers).padStart(8)} | ${String(posts).padStart(5)} | ${os.loadavg()[0]!.toFixed(1).padStart(4)} | ${cpuText(cpu).padStart(16)} | ${db.statements}`,
          );
        }
      }
    }
  }
}
if (results.length === 0) {
  child.kill('SIGTERM');
  await handle.close();
  process.exit(0);
}
const worst = results.reduce((a, b) => (b.p99 > a.p99 ? b : a));
const most = results.reduce((a, b) => (b.buffers > a.buffers ? b : a));
const times =
  REQUESTS > 0
    ? `p99 ≤ 20 ms in ${results.filter((r) => r.p99 <= 20).length} of ${results.length} cases; worst p99 ${worst.p99.toFixed(1)} ms (${worst.label.replace(/\s+\|\s+/g, ', ')}); `
    : '';
console.log(
  `\n${times}most buffers ${most.buffers} (${most.label.replace(/\s+\|\s+/g, ', ')}), ${results.reduce((n, r) => n + r.buffers, 0)} in all`,
);
for (const c of worst === most || REQUESTS === 0 ? [most] : [worst, most]) {
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of ${c.label.replace(/\s+\|\s+/g, ', ')}:`);
  console.log((await explain(c.query, true)).plan.map((l) => `  ${l}`).join('\n'));
}
child.kill('SIGTERM');
await handle.close();
