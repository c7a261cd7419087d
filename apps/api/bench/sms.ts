/**
 * npm run bench:sms — one campaign to BENCH_SMS_RECIPIENTS (default 100,000) contacts through a real
 * SMPP server on 127.0.0.1 (the `smpp` package's, in this process), with the whole app listening:
 * time to queue (confirm: render, count, charge, one row per recipient), messages a second submitted,
 * the feed's p50/p99 for 4 phones asking meanwhile, and the process's memory (RSS) while it sends.
 * On DATABASE_URL's server in a fresh "<db>_bench_sms" database (PGlite in memory without it).
 * Settings: BENCH_SMS_RECIPIENTS, BENCH_SMS_RATE (the provider's rate a second, default 1000).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import app from '../src/app';
import { loadEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { contacts, users } from '../src/db/schema';
import { freePort, journalLines, startSmppServerProcess } from '../test/plugins/sms/smpp-server-process';
import { freshBenchDatabase } from './bench-database';
import { watchWhileSending } from './while-sending';

const RECIPIENTS = Number(process.env.BENCH_SMS_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.BENCH_SMS_RATE ?? 1_000);
const PHONES = 4;

const env = loadEnv();
const { databaseUrl, drop: dropDatabase } = await freshBenchDatabase(env.DATABASE_URL, 'sms');
// Loading (the contacts) runs without the API's statement timeout; the app's statements are measured, not cut.
const handle = await openDatabase({ databaseUrl, dataDir: null, statementTimeoutMs: 0 });
await handle.migrate();
// The SMSC in a process of its own, as a provider is: its work and what it records stay out of the
// app's CPU and memory, which the bench measures.
const smscDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-bench-smsc-'));
const smscJournal = path.join(smscDir, 'received.jsonl');
const smscPort = await freePort();
const smsc = await startSmppServerProcess(smscPort, smscJournal);

// Loading the app can take a while on a busy machine (the server allows as much).
const fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
// Not encapsulated, so the bench reaches the app's services.
await fastify.register(fp(app), {
  env: {
    ...env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FEED_PER_MIN: 1e9,
    WEB_DIST_DIR: '/nonexistent',
    webDistDir: '/nonexistent',
    JOBS_RECURRING: false,
    SMS_SENDER_ENABLED: false,
    SMS_SMPP_URL: `smpp://127.0.0.1:${smscPort}`,
    SMS_RATE_PER_S: RATE,
  },
  dbHandle: handle,
});
const address = await fastify.listen({ host: '127.0.0.1', port: 0 });
const { db } = handle;

const [shop] = await db
  .insert(users)
  .values({ username: `bench-sms-${randomUUID()}@example.in`, name: 'Bench', businessName: 'Bench Stores', balancePaise: 0 })
  .returning();
if (!shop) throw new Error('no business');
await fastify.ledgerRepository.credit(db, {
  userId: shop.id,
  kind: 'admin_credit',
  amountPaise: RECIPIENTS * 100,
  idempotencyKey: `bench:${shop.id}`,
  note: 'bench',
});
for (let i = 0; i < RECIPIENTS; i += 5_000) {
  await db.insert(contacts).values(
    Array.from({ length: Math.min(5_000, RECIPIENTS - i) }, (_, k) => ({
      userId: shop.id,
      name: `Customer ${i + k}`,
      mobileNumber: `9${String(100_000_000 + i + k).slice(-9)}`,
      consentAt: new Date(),
    })),
  );
}
await fastify.dltRepository.setEntity(shop.id, { entityId: '1201159876543210987' });
const header = await fastify.dltRepository.addHeader(shop.id, { header: 'BENCHS', category: 'service-implicit' });
const template = await fastify.dltRepository.addTemplate(shop.id, {
  name: 'Thanks',
  headerId: header.id,
  category: 'service-implicit',
  dltTemplateId: '1207161111111111111',
  text: 'Thank you {#var#} for shopping at Bench Stores',
});
const draft = {
  templateId: template.id,
  audience: { kind: 'all' as const },
  variables: [{ kind: 'field' as const, field: 'name' as const }],
};
const preview = await fastify.campaignsService.preview(shop.id, draft);
const campaign = await fastify.campaignsService.create(shop.id, { ...draft, name: 'Bench', scheduledAt: null });
const loadAtQueue = os.loadavg()[0] ?? 0;
const queueStart = performance.now();
await fastify.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);
const queueSeconds = (performance.now() - queueStart) / 1000;

// The feed asked meanwhile, as phones do, and the memory sampled every second.
const watching = watchWhileSending(`${address}/api/feed?limit=20`, PHONES);

const sendStart = performance.now();
for (;;) {
  const { result, resumeAt } = await fastify.smsSender.run(campaign.id, 60_000);
  if (result !== 'later') break;
  await new Promise((r) => setTimeout(r, Math.min(1_000, Math.max(0, (resumeAt?.getTime() ?? 0) - Date.now()))));
}
const sendSeconds = (performance.now() - sendStart) / 1000;
const watched = await watching.stop();

// The receipts still coming or being applied when the last message was sent: how long until all are in.
const receiptsStart = performance.now();
for (;;) {
  const [left] = await db
    .execute<{ n: number }>(sql`select count(*)::int as n from sms_messages where status = 'submitted'`)
    .then((r) => (Array.isArray(r) ? r : (r as { rows: { n: number }[] }).rows));
  if (Number(left?.n ?? 0) === 0 || performance.now() - receiptsStart > 60_000) break;
  await new Promise((r) => setTimeout(r, 200));
}
const receiptsLagSeconds = (performance.now() - receiptsStart) / 1000;
const [counts] = await db
  .execute<{ submitted: number; delivered: number; other: number }>(
    sql`select count(*) filter (where status in ('submitted','delivered'))::int as submitted,
               count(*) filter (where status = 'delivered')::int as delivered,
               count(*) filter (where status not in ('submitted','delivered'))::int as other from sms_messages`,
  )
  .then((r) => (Array.isArray(r) ? r : (r as { rows: { submitted: number; delivered: number; other: number }[] }).rows));
const received = journalLines(smscJournal);
console.log(
  JSON.stringify(
    {
      database: databaseUrl ? 'postgres' : 'pglite',
      cpus: os.cpus().length,
      recipients: RECIPIENTS,
      providerRatePerS: RATE,
      queueSeconds: Number(queueSeconds.toFixed(2)),
      sendSeconds: Number(sendSeconds.toFixed(1)),
      messagesPerSecond: Math.round((counts?.submitted ?? 0) / sendSeconds),
      submitted: counts?.submitted,
      receiptsApplied: counts?.delivered,
      receiptsLagSeconds: Number(receiptsLagSeconds.toFixed(1)),
      notSubmitted: counts?.other,
      smscReceived: received.length,
      smscReceivedTwice: received.length - new Set(received.map((r) => r.idempotencyKey)).size,
      // Other work on the machine: the 1-minute load average at the queue's start.
      loadAtQueue: Number(loadAtQueue.toFixed(1)),
      ...watched,
    },
    null,
    2,
  ),
);
await fastify.close();
smsc.kill('SIGKILL');
fs.rmSync(smscDir, { recursive: true, force: true });
await dropDatabase();
