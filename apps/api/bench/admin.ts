/**
 * npm run bench:admin — the admin's lists at scale (one file above the usual size: the loader's SQL and the
 * list of cases belong to this one bench and nothing else uses them): 100,000 businesses, 1,000,000 posts and 200,000 audit
 * rows loaded with generate_series in a fresh "<db>_bench_admin" database on DATABASE_URL's PostgreSQL
 * (dropped at the end), then each list's first page and its searches and filters over HTTP, as the admin's
 * browser asks for them: one request at a time (one admin), after a warm-up. Prints p50/p99 per case and,
 * for one request of each case, every statement it ran under EXPLAIN (ANALYZE, BUFFERS): the buffers it
 * touched (shared hit + read), which do not depend on how busy the machine is.
 * Settings: BENCH_ADMIN_BUSINESSES (default 100000), BENCH_ADMIN_POSTS (default 1000000),
 * BENCH_ADMIN_REQUESTS per case (default 200), BENCH_ADMIN_KEEP=1 to keep the database, BENCH_ADMIN_REUSE=1 to
 * measure a kept one again without loading (new migrations are applied to it first).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { buildMissingIndexes, migrationIndexes } from './migration-indexes';
import { users } from '../src/db/schema';
import { phoneLoad } from './phone-load';

const BUSINESSES = Number(process.env.BENCH_ADMIN_BUSINESSES ?? 100_000);
const POSTS = Number(process.env.BENCH_ADMIN_POSTS ?? 1_000_000);
const AUDIT_ROWS = 200_000;
const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 200);
const WARM_UP = 30;
const KEEP = process.env.BENCH_ADMIN_KEEP === '1';
const REUSE = process.env.BENCH_ADMIN_REUSE === '1';
/** The trigram (GIN) indexes the load drops and builds after it. */
const TRIGRAM_INDEXES = ['posts_search_idx', 'users_search_idx', 'users_names_trgm_idx'];
const ADMIN = 'bench.admin@aaspaas.in';
const GOAL_P99_MS = 50;

const env = loadEnv();
if (!env.DATABASE_URL) {
  console.error('bench:admin measures PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
  process.exit(1);
}
const serverUrl = new URL(env.DATABASE_URL);
const dbName = `${serverUrl.pathname.slice(1) || 'postgres'}_bench_admin`;
async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}
if (!REUSE) {
  await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${dbName}`);
}
serverUrl.pathname = `/${dbName}`;

/** The statements of the request being explained, as the app sent them. */
const captured: { on: boolean; statements: { query: string; params: unknown[] }[] } = { on: false, statements: [] };
const handle = await openDatabase({
  databaseUrl: serverUrl.toString(),
  dataDir: null,
  // Building the trigram indexes over a million rows takes minutes; the app's statements are measured, not cut.
  statementTimeoutMs: 0,
  logQuery: (query, params) => {
    if (captured.on) captured.statements.push({ query, params });
  },
});
await handle.migrate();
const { db } = handle;
console.log(`Database: PostgreSQL (${dbName}), ${os.cpus().length} cores shared with other work`);

const CITIES = ['Mumbai', 'Delhi', 'Bengaluru', 'Hyderabad', 'Chennai', 'Kolkata', 'Pune', 'Ahmedabad', 'Jaipur', 'Lucknow'];
const CATEGORIES = ['Grocery', 'Restaurant', 'Salon', 'Clothing', 'Electronics', 'Pharmacy', 'Tuition', 'Bakery'];
const SHOP_WORDS = ['Sharma', 'Patel', 'Gupta', 'Reddy', 'Iyer', 'Khan', 'Singh', 'Das', 'Joshi', 'Nair', 'Mehta', 'Verma'];
const SHOP_KINDS = ['Kirana', 'Sweets', 'Medicals', 'Tailors', 'Mobiles', 'Bakery', 'Salon', 'Traders', 'Textiles', 'Dhaba'];
const textArray = (values: string[]) => sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(',')}]`);

async function load(): Promise<void> {
  const t0 = performance.now();
  // Indexes are built faster once over the loaded rows than row by row: the trigram ones are dropped and
  // made again as the migrations define them (not as found: a cancelled load leaves them missing).
  const trigramIndexes = (await migrationIndexes(['posts', 'users'])).filter((i) => TRIGRAM_INDEXES.includes(i.name));
  for (const index of trigramIndexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS ${index.name}`));
  // Oldest first, as accounts are made; 0.5 % suspended, 0.2 % verified, 0.05 % featured; balance 0 keeps the
  // welcome-credit trigger out of the load.
  await db.execute(sql`
    INSERT INTO users (username, name, business_name, business_phone, mobile_number, business_categories, city,
                       status, suspended_at, suspension_reason, verified_at, featured_at, email_verified_at,
                       balance_paise, created_at, updated_at, last_sign_in_at)
    SELECT 'owner' || g || '@shop' || (g % 97) || '.example.in',
           'Owner ' || (${textArray(SHOP_WORDS)})[1 + g % 12] || ' ' || g,
           (${textArray(SHOP_WORDS)})[1 + (g / 7) % 12] || ' ' || (${textArray(SHOP_KINDS)})[1 + g % 10] || ' ' || g,
           '9' || lpad((g::bigint * 7919 % 1000000000)::text, 9, '0'),
           '8' || lpad((g::bigint * 104729 % 1000000000)::text, 9, '0'),
           ARRAY[(${textArray(CATEGORIES)})[1 + g % 8]],
           (${textArray(CITIES)})[1 + g % 10],
           CASE WHEN g % 200 = 0 THEN 'suspended' ELSE 'active' END,
           CASE WHEN g % 200 = 0 THEN now() END,
           CASE WHEN g % 200 = 0 THEN 'Fake business' END,
           CASE WHEN g % 500 = 0 THEN now() END,
           CASE WHEN g % 2000 = 0 THEN now() END,
           now(), 0,
           now() - interval '400 days' * (1 - g::float8 / ${BUSINESSES}),
           now(), now() - interval '1 hour' * (g % 500)
    FROM generate_series(1, ${BUSINESSES}) AS g`);
  console.log(`  loaded ${BUSINESSES.toLocaleString('en-IN')} businesses`);

  // Posts over the last year, oldest first (a day's posts lie together, as in a live table), spread evenly
  // over ten cities and eight categories plus a rare one ('Tailor', 0.5 %); 1 % hidden, 0.3 % with open
  // reports, 0.05 % with a review requested.
  // The account names each post carries (owner_names) come with the row: the trigger that fills them
  // reads the account once a post, which made the load ten times slower.
  await db.execute(sql`ALTER TABLE posts DISABLE TRIGGER posts_owner_names`);
  const chunk = 100_000;
  for (let start = 0; start < POSTS; start += chunk) {
    const n = Math.min(chunk, POSTS - start);
    await db.execute(sql`
      WITH u AS (SELECT array_agg(id ORDER BY created_at) AS ids FROM users),
      g AS (SELECT ${start}::int + i AS i, (SELECT ids FROM u)[1 + floor(random() * ${BUSINESSES})::int] AS owner,
                   random() AS r2, random() AS r3, random() AS r4, random() AS r5
             FROM generate_series(1, ${n}) AS i)
      INSERT INTO posts (user_id, owner_names, category, content, hashtags, city, lat, lon, created_at,
                         hidden_at, hidden_reason, open_reports, last_reported_at, review_requested_at)
      SELECT owner.id, owner.business_name || E'\n' || owner.name,
             CASE WHEN g.r5 < 0.005 THEN 'Tailor' ELSE (${textArray(CATEGORIES)})[1 + floor(g.r5 * 8)::int] END,
             'Bench post ' || g.i || CASE WHEN g.r2 < 0.3 THEN ' fresh stock' ELSE ' new arrivals' END
               || CASE WHEN g.r2 < 0.015 THEN ' of paneer' ELSE '' END,
             ARRAY['bench'] || CASE WHEN g.r3 < 0.2 THEN ARRAY['offer'] ELSE ARRAY[]::text[] END,
             (${textArray(CITIES)})[1 + floor(g.r4 * 10)::int],
             8 + g.r2 * 26, 68 + g.r3 * 29,
             now() - interval '365 days' * (1 - g.i::float8 / ${POSTS}),
             CASE WHEN g.i % 100 = 0 THEN now() - interval '1 minute' * (g.i % 10000) END,
             CASE WHEN g.i % 100 = 0 THEN 'spam' END,
             CASE WHEN g.i % 300 = 1 THEN 1 + g.i % 3 ELSE 0 END,
             CASE WHEN g.i % 300 = 1 THEN now() - interval '1 minute' * (g.i % 10000) END,
             CASE WHEN g.i % 2000 = 0 THEN now() - interval '1 minute' * (g.i % 5000) END
      FROM g JOIN users owner ON owner.id = g.owner
      ORDER BY g.i`);
    console.log(`  loaded ${(start + n).toLocaleString('en-IN')} posts`);
  }
  await db.execute(sql`ALTER TABLE posts ENABLE TRIGGER posts_owner_names`);

  // 200,000 audit rows by three admins over a year (the table refuses updates and deletes, not inserts).
  await db.execute(sql`
    INSERT INTO admin_audit_log (admin_id, admin_email, action, target_type, target_id, before, after, reason, created_at)
    SELECT gen_random_uuid(), (ARRAY['first.admin@aaspaas.in','second.admin@aaspaas.in','third.admin@aaspaas.in'])[1 + g % 3],
           (ARRAY['post.hide','post.unhide','post.close-reports','user.suspend','user.reinstate','business-card.update','site-page.publish','template.update'])[1 + g % 8],
           (ARRAY['post','post','post','user','user','business','page','template'])[1 + g % 8],
           md5(g::text), '{"hiddenAt":null}'::jsonb, '{"hiddenAt":"2026-01-01T00:00:00.000Z"}'::jsonb, 'spam',
           now() - interval '365 days' * (1 - g::float8 / ${AUDIT_ROWS})
    FROM generate_series(1, ${AUDIT_ROWS}) AS g`);
  console.log(`  loaded ${AUDIT_ROWS.toLocaleString('en-IN')} audit rows`);

  await buildMissingIndexes(db, trigramIndexes, console.log);
  await db.execute(sql`VACUUM ANALYZE users`);
  await db.execute(sql`VACUUM ANALYZE posts`);
  await db.execute(sql`VACUUM ANALYZE admin_audit_log`);
  console.log(`Loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

/** The bench database goes whatever happens, unless BENCH_ADMIN_KEEP=1. */
async function dropBenchDatabase(): Promise<void> {
  await handle.close().catch(() => undefined);
  if (!KEEP) await onServer(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  console.log(KEEP ? `Kept ${dbName}.` : `Dropped ${dbName}.`);
}

console.log(`Loading ${BUSINESSES.toLocaleString('en-IN')} businesses, ${POSTS.toLocaleString('en-IN')} posts…`);
try {
  if (REUSE) {
    console.log('  reusing the kept database');
    await buildMissingIndexes(db, await migrationIndexes(['posts', 'users']), console.log);
  } else await load();
} catch (error) {
  await dropBenchDatabase();
  throw error;
}

const [adminRow] = await db
  .insert(users)
  .values({ username: ADMIN, name: 'Bench Admin', businessName: 'Aaspaas', emailVerifiedAt: new Date() })
  .onConflictDoUpdate({ target: users.username, set: { name: 'Bench Admin' } })
  .returning({ id: users.id });
const [someBusiness] = (
  await db.execute<{ id: string }>(sql`SELECT user_id AS id FROM posts GROUP BY user_id ORDER BY count(*) DESC LIMIT 1`)
).rows;

// Compiling every plugin on first load can take longer than Fastify's 10 s on a busy machine.
const fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
// fastify-plugin: the app's decorators (the access-token service) reach this instance, as in the tests.
await fastify.register(fp(app), {
  env: { ...env, ADMIN_EMAILS: [ADMIN], LOG_LEVEL: 'silent', WEB_DIST_DIR: '/nonexistent', webDistDir: '/nonexistent' },
  dbHandle: handle,
});
const address = await fastify.listen({ host: '127.0.0.1', port: 0 });
const { token } = await fastify.accessTokenService.sign(adminRow!.id);
const headers = { authorization: `Bearer ${token}` };

/** Each admin list, its first page and its searches and filters, as the admin's pages ask for them. */
const CASES: { list: string; name: string; url: string }[] = [
  { list: 'posts', name: 'first page', url: '/api/admin/posts' },
  { list: 'posts', name: 'reported queue', url: '/api/admin/posts?reported=true' },
  { list: 'posts', name: 'review requested', url: '/api/admin/posts?appealed=true' },
  { list: 'posts', name: 'hidden', url: '/api/admin/posts?hidden=true' },
  { list: 'posts', name: 'visible', url: '/api/admin/posts?hidden=false' },
  { list: 'posts', name: 'city', url: '/api/admin/posts?city=Pune' },
  { list: 'posts', name: 'city + category', url: '/api/admin/posts?city=Pune&category=Bakery' },
  { list: 'posts', name: 'city + rare category', url: '/api/admin/posts?city=Pune&category=Tailor' },
  { list: 'posts', name: 'hidden in a city', url: '/api/admin/posts?hidden=true&city=Pune' },
  { list: 'posts', name: 'one business', url: `/api/admin/posts?businessId=${someBusiness?.id}` },
  { list: 'posts', name: 'search "paneer"', url: '/api/admin/posts?q=paneer' },
  { list: 'posts', name: 'search "#offer"', url: `/api/admin/posts?q=${encodeURIComponent('#offer')}` },
  {
    list: 'posts',
    name: 'search business "Sharma Kirana 4"',
    url: `/api/admin/posts?q=${encodeURIComponent('Sharma Kirana 4')}`,
  },
  // Every word names thousands of businesses and, together, ~80 posts: the walk stops and says how far it looked.
  {
    list: 'posts',
    name: 'search rare "Sharma Kirana Tailor"',
    url: `/api/admin/posts?q=${encodeURIComponent('Sharma Kirana Tailor')}`,
  },
  { list: 'users', name: 'first page', url: '/api/admin/users' },
  { list: 'users', name: 'suspended', url: '/api/admin/users?status=suspended' },
  { list: 'users', name: 'search email', url: `/api/admin/users?q=${encodeURIComponent('owner4242@')}` },
  { list: 'users', name: 'search name', url: '/api/admin/users?q=Reddy' },
  { list: 'users', name: 'search phone', url: '/api/admin/users?q=98765' },
  { list: 'users', name: 'search business', url: `/api/admin/users?q=${encodeURIComponent('Joshi Mobiles')}` },
  { list: 'business cards', name: 'first page', url: '/api/admin/business-cards' },
  { list: 'business cards', name: 'page 40', url: '/api/admin/business-cards?page=40' },
  { list: 'business cards', name: 'search', url: `/api/admin/business-cards?q=${encodeURIComponent('Nair Sweets')}` },
  { list: 'business cards', name: 'featured', url: '/api/admin/business-cards?featured=true' },
  { list: 'audit', name: 'first page', url: '/api/admin/audit' },
  { list: 'audit', name: 'action', url: '/api/admin/audit?action=user.suspend' },
  { list: 'audit', name: 'admin email', url: `/api/admin/audit?admin=${encodeURIComponent('second.admin@aaspaas.in')}` },
  { list: 'audit', name: 'target', url: `/api/admin/audit?targetType=post&targetId=${'c4ca4238a0b923820dcc509a6f75849b'}` },
  { list: 'audit', name: 'India days', url: '/api/admin/audit?from=2026-03-01&to=2026-03-07' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

type Plan = { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number }; 'Execution Time': number };

/** One request of the case, then its statements under EXPLAIN (ANALYZE, BUFFERS): blocks touched and time. */
async function explain(url: string): Promise<{ statements: number; blocks: number; read: number; worst: string }> {
  captured.statements = [];
  captured.on = true;
  const res = await fetch(`${address}${url}`, { headers });
  await res.arrayBuffer();
  captured.on = false;
  let blocks = 0;
  let read = 0;
  let worst = { blocks: -1, text: '' };
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  // The access guard's reads are the same for every route: only the list's own statements count here.
  const own = captured.statements.filter(
    (s) => /^\s*(select|with)\b/i.test(s.query) && !/from "?refresh_tokens|"users"."id" = \$1/i.test(s.query),
  );
  for (const statement of own) {
    const { rows } = await client.query<{ 'QUERY PLAN': Plan[] }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement.query}`,
      statement.params as unknown[],
    );
    const plan = rows[0]?.['QUERY PLAN'][0];
    if (!plan) continue;
    const touched = plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
    blocks += touched;
    read += plan.Plan['Shared Read Blocks'];
    if (touched > worst.blocks) {
      worst = { blocks: touched, text: `${touched} blocks, ${plan['Execution Time'].toFixed(1)} ms` };
    }
  }
  await client.end();
  return { statements: own.length, blocks, read, worst: worst.text };
}

console.log(`\n${REQUESTS} requests per case, one at a time, after ${WARM_UP} to warm up; goal p99 ≤ ${GOAL_P99_MS} ms`);
console.log(
  'list            case                                   p50 ms   p99 ms  statements  buffers (hit+read)  costliest statement',
);
const misses: string[] = [];
for (const c of CASES) {
  const load = (amount: number) =>
    phoneLoad({ url: `${address}${c.url}`, amount, headers, visitorHeader: 'x-visitor-id', visitorIds: ['bench-admin'] });
  await load(WARM_UP);
  const { times } = await load(REQUESTS);
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  const plan = await explain(c.url);
  if (p99 > GOAL_P99_MS) misses.push(`${c.list} / ${c.name}`);
  console.log(
    `${c.list.padEnd(15)} ${c.name.padEnd(38)} ${p50.toFixed(1).padStart(6)} ${p99.toFixed(1).padStart(8)} ${String(plan.statements).padStart(11)} ${String(plan.blocks).padStart(19)}  ${plan.worst}`,
  );
}
console.log(
  misses.length === 0 ? `\nEvery case within ${GOAL_P99_MS} ms p99.` : `\nOver ${GOAL_P99_MS} ms p99: ${misses.join('; ')}`,
);

await fastify.close();
await dropBenchDatabase();
