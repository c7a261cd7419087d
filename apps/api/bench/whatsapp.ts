/**
 * npm run bench:whatsapp — one WhatsApp campaign to BENCH_WHATSAPP_RECIPIENTS (default 100,000)
 * contacts with a WhatsApp opt-in, sent to the Cloud-API test server on 127.0.0.1 (a process of its
 * own, which posts the signed statuses back to the app's webhook over HTTP) at WHATSAPP_RATE_PER_S
 * (BENCH_WHATSAPP_RATE, default 80: Meta's default throughput), with the whole app listening: time to
 * queue (confirm), messages a second, the statuses applied, the feed's p50/p99 for 4 phones asking
 * meanwhile, and the process's memory (RSS) while it sends. On DATABASE_URL's server in a fresh
 * "<db>_bench_whatsapp" database (PGlite in memory without it).
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
import { freePort } from '../test/plugins/sms/smpp-server-process';
import { startCloudApiProcess } from '../test/plugins/whatsapp/cloud-api-server-process';
import { freshBenchDatabase } from './bench-database';
import { watchWhileSending } from './while-sending';

const RECIPIENTS = Number(process.env.BENCH_WHATSAPP_RECIPIENTS ?? 100_000);
const RATE = Number(process.env.BENCH_WHATSAPP_RATE ?? 80);
const PHONES = 4;
const META = {
  appSecret: 'bench-whatsapp-app-secret-0123456789abcdef',
  accessToken: 'EAAGbenchwhatsapptoken0123456789abcdef',
  wabaId: '102290129340999',
  phoneNumberId: '106540352242999',
};

type Counts = { submitted: number; delivered: number; other: number };
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) ? (r as T[]) : (r as { rows: T[] }).rows);

const env = loadEnv();
const { databaseUrl, drop: dropDatabase } = await freshBenchDatabase(env.DATABASE_URL, 'whatsapp');
const handle = await openDatabase({ databaseUrl, dataDir: null });
await handle.migrate();

const appPort = await freePort();
const cloudDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-bench-whatsapp-'));
const journal = path.join(cloudDir, 'received.txt');
const cloud = await startCloudApiProcess({
  ...META,
  templates: [
    {
      id: '930000000000001',
      name: 'thanks',
      language: 'en',
      category: 'UTILITY',
      status: 'APPROVED',
      components: [{ type: 'BODY', text: 'Thank you {{1}} for shopping at Bench Stores.' }],
    },
  ],
  webhookUrl: `http://127.0.0.1:${appPort}/api/whatsapp/webhook`,
  journal,
});

const fastify = Fastify({ logger: false, pluginTimeout: 120_000 });
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
    WHATSAPP_API_URL: cloud.url,
    WHATSAPP_APP_SECRET: META.appSecret,
    WHATSAPP_TOKEN_KEY: 'bench-whatsapp-token-key-0123456789abcdef',
    WHATSAPP_RATE_PER_S: RATE,
  },
  dbHandle: handle,
});
const address = await fastify.listen({ host: '127.0.0.1', port: appPort });
const { db } = handle;

const [shop] = await db
  .insert(users)
  .values({
    username: `bench-whatsapp-${randomUUID()}@example.in`,
    name: 'Bench',
    businessName: 'Bench Stores',
    balancePaise: 0,
    emailVerifiedAt: new Date(),
  })
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
      whatsappConsentAt: new Date(),
      whatsappConsentMethod: 'in_person' as const,
      whatsappConsentProof: 'bench',
    })),
  );
}
const setup = await fastify.whatsappConnections.connect(shop.id, { ...META });
const template = setup.templates.find((t) => t.name === 'thanks');
if (!template) throw new Error('template not synced');
const draft = {
  channel: 'whatsapp' as const,
  audience: { kind: 'all' as const },
  whatsappTemplateId: template.id,
  whatsappVariables: [{ kind: 'field' as const, field: 'name' as const }],
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

// The statuses still coming over the webhook when the last message was sent: how long until all are in.
const statusesStart = performance.now();
for (;;) {
  const [left] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from sms_messages where status = 'submitted'`),
  );
  if (Number(left?.n ?? 0) === 0 || performance.now() - statusesStart > 60_000) break;
  await new Promise((r) => setTimeout(r, 200));
}
const statusesLagSeconds = (performance.now() - statusesStart) / 1000;
const [counts] = rowsOf<Counts>(
  await db.execute(
    sql`select count(*) filter (where status in ('submitted','delivered'))::int as submitted,
               count(*) filter (where status = 'delivered')::int as delivered,
               count(*) filter (where status not in ('submitted','delivered'))::int as other from sms_messages`,
  ),
);
// The server writes its journal once a second.
await new Promise((r) => setTimeout(r, 1_500));
const received = fs.readFileSync(journal, 'utf8').split('\n').filter(Boolean);
console.log(
  JSON.stringify(
    {
      database: databaseUrl ? 'postgres' : 'pglite',
      cpus: os.cpus().length,
      recipients: RECIPIENTS,
      whatsappRatePerS: RATE,
      queueSeconds: Number(queueSeconds.toFixed(2)),
      sendSeconds: Number(sendSeconds.toFixed(1)),
      messagesPerSecond: Math.round((counts?.submitted ?? 0) / sendSeconds),
      submitted: counts?.submitted,
      statusesApplied: counts?.delivered,
      statusesLagSeconds: Number(statusesLagSeconds.toFixed(1)),
      notSubmitted: counts?.other,
      cloudReceived: received.length,
      cloudReceivedTwice: received.length - new Set(received).size,
      // Other work on the machine: the 1-minute load average at the queue's start.
      loadAtQueue: Number(loadAtQueue.toFixed(1)),
      ...watched,
    },
    null,
    2,
  ),
);
await fastify.close();
cloud.child.kill('SIGKILL');
fs.rmSync(cloudDir, { recursive: true, force: true });
await dropDatabase();
