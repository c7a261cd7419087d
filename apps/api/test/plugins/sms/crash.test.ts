import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCampaigns, smsMessages, walletLedger } from '../../../src/db/schema';
import { buildTestApp, type TestApp } from '../../helper';
import { startCloudApi } from '../whatsapp/cloud-api-test-server';
import { BILL_TEMPLATE, billingShop, whatsappShop } from './sms-shop';
import { freePort, journalLines, startSmppServerProcess } from './smpp-server-process';

const RECIPIENTS = 1_000;
describe('a crash of the SMSC mid-send', () => {
  let app: TestApp;
  let child: ChildProcess | null = null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-smpp-'));
  const journal = path.join(dir, 'received.jsonl');

  beforeAll(async () => {
    const port = await freePort();
    child = await startSmppServerProcess(port, journal);
    app = await buildTestApp({ SMS_SMPP_URL: `smpp://127.0.0.1:${port}`, SMS_RATE_PER_S: '200' });
    (app as unknown as { smppPort: number }).smppPort = port;
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends every recipient at most one message and keeps sum(ledger) = balance', async () => {
    const port = (app as unknown as { smppPort: number }).smppPort;
    const { shop, draft } = await billingShop(app, RECIPIENTS);
    const preview = await app.campaignsService.preview(shop.id, draft);
    const campaign = await app.campaignsService.create(shop.id, { ...draft, name: 'Bills', scheduledAt: null });
    await app.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);

    const sending = (async () => {
      for (;;) {
        const { result, resumeAt } = await app.smsSender.run(campaign.id, 5_000);
        if (result !== 'later') return result;
        await new Promise((r) => setTimeout(r, Math.min(500, Math.max(0, (resumeAt?.getTime() ?? 0) - Date.now()))));
      }
    })();
    while (journalLines(journal).length < 300) await new Promise((r) => setTimeout(r, 20));
    child?.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 1_500));
    child = await startSmppServerProcess(port, journal);
    expect(await sending).toBe('done');

    const received = journalLines(journal);
    const perNumber = new Map<string, number>();
    for (const m of received) perNumber.set(m.to, (perNumber.get(m.to) ?? 0) + 1);
    expect(Math.max(...perNumber.values())).toBe(1);

    const messages = await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, campaign.id));
    expect(messages).toHaveLength(RECIPIENTS);
    expect(messages.filter((m) => m.status === 'queued')).toEqual([]);
    const got = new Set(received.map((m) => m.to.slice(2)));
    // Every message we count as sent did arrive; one the SMSC never answered was not sent again, and was refunded.
    for (const m of messages.filter((x) => x.status === 'submitted' || x.status === 'delivered'))
      expect(got.has(m.to)).toBe(true);
    const expired = messages.filter((m) => m.status === 'expired');
    expect(expired.every((m) => m.refunded)).toBe(true);
    const [sum] = await app.db
      .select({ total: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.userId, shop.id));
    expect(sum?.total).toBe(await app.ledgerRepository.balance(shop.id));
    console.info(
      `crash test: ${received.length} arrived, ${expired.length} unanswered at the kill expired and refunded, ` +
        `${messages.filter((m) => m.status !== 'expired').length} sent or delivered`,
    );
  }, 180_000);
});

const onPostgres = Boolean(process.env.DATABASE_URL);
/**
 * Smaller than the SMS test's: each WhatsApp message brings two signed webhook posts (sent, delivered)
 * into this process at once, and a busy 2-core machine's pool must answer them besides the checks.
 */
const WA_RECIPIENTS = 300;
const WA_RATE = 50;
const SENDER = path.join(import.meta.dirname, 'sender-process.ts');

/** The sender as a process of its own (sender-process.ts), on the test's database. */
async function startSender(databaseUrl: string, campaignId: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', SENDER], {
    env: { ...process.env, SENDER_DATABASE_URL: databaseUrl, CAMPAIGN_ID: campaignId, SENDER_ENV: JSON.stringify(env) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => out.includes(word) && resolve();
      child.stdout?.on('data', check);
      child.once('exit', (code, signal) =>
        out.includes(word) ? resolve() : reject(new Error(`sender exited (${code ?? signal})`)),
      );
      check();
    });
  await said('ready');
  return { child, done: () => said('done') };
}

// A WhatsApp-first campaign whose sending process is killed with -9 mid-send, then started again (PGlite
// lives in one process: PostgreSQL only). The Cloud API and the SMSC are real servers; the webhook is
// this process's. Every tenth number is undeliverable on WhatsApp (131026), so SMS fallbacks happen
// around the crash too.
describe.skipIf(!onPostgres)('a WhatsApp campaign sender killed with kill -9 mid-send', () => {
  const APP_SECRET = 'meta-app-secret-for-the-crash-test-0123';
  const TOKEN = 'EAAGcrashtesttoken0123456789abcdef';
  const settings = { WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_TOKEN_KEY: 'a-key-for-whatsapp-tokens-in-the-crash-test' };
  let app: TestApp;
  let cloud: Awaited<ReturnType<typeof startCloudApi>>;
  let smsc: ChildProcess | null = null;
  const children: ChildProcess[] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aaspaas-wa-crash-'));
  const journal = path.join(dir, 'sms.jsonl');
  let smppPort = 0;
  let webhookRetries = 0;

  beforeAll(async () => {
    smppPort = await freePort();
    smsc = await startSmppServerProcess(smppPort, journal);
    cloud = await startCloudApi({
      appSecret: APP_SECRET,
      accessToken: TOKEN,
      wabaId: '102290129340555',
      phoneNumberId: '106540352242555',
      failTo: ['7'],
      templates: [BILL_TEMPLATE],
    });
    app = await buildTestApp({
      ...settings,
      WHATSAPP_API_URL: cloud.url,
      SMS_SMPP_URL: `smpp://127.0.0.1:${smppPort}`,
      SMS_RATE_PER_S: '200',
    });
    // As Meta: a post not answered 200 is sent again.
    cloud.deliver = async (post) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const res = await app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: post.headers, payload: post.body });
        if (res.statusCode === 200) return;
        webhookRetries += 1;
        await new Promise((r) => setTimeout(r, 1_000));
      }
    };
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    smsc?.kill('SIGKILL');
    if (cloud) cloud.deliver = undefined;
    await app?.close();
    await cloud?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends no customer two messages on either channel and keeps sum(ledger) = balance', async () => {
    const { shop, draft: campaignDraft } = await whatsappShop(
      app,
      WA_RECIPIENTS,
      200_000_000,
      { phoneNumberId: '106540352242555', wabaId: '102290129340555', accessToken: TOKEN },
      'whatsapp-first',
    );
    const preview = await app.campaignsService.preview(shop.id, campaignDraft);
    expect(preview.whatsapp?.recipients).toBe(WA_RECIPIENTS);
    const campaign = await app.campaignsService.create(shop.id, { ...campaignDraft, name: 'Bills', scheduledAt: null });
    await app.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);

    const url = (app.dbHandle as { url?: string }).url ?? '';
    const env = {
      ...settings,
      WHATSAPP_API_URL: cloud.url,
      WHATSAPP_RATE_PER_S: String(WA_RATE),
      SMS_SMPP_URL: `smpp://127.0.0.1:${smppPort}`,
      SMS_RATE_PER_S: '200',
    };
    const first = await startSender(url, campaign.id, env);
    children.push(first.child);
    // Past a batch boundary: the kill lands while a batch is out (sent, not yet marked), as it can in life.
    while (cloud.received.length < WA_RECIPIENTS / 3 + 1) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    const atKill = cloud.received.length;
    const second = await startSender(url, campaign.id, env);
    children.push(second.child);
    const states = async () =>
      JSON.stringify(
        await app.db
          .select({ channel: smsMessages.channel, status: smsMessages.status, n: sql<number>`count(*)`.mapWith(Number) })
          .from(smsMessages)
          .where(eq(smsMessages.campaignId, campaign.id))
          .groupBy(smsMessages.channel, smsMessages.status),
      );
    console.info(`whatsapp crash test: killed after ${atKill} sends; ${await states()}`);
    await second.done();
    console.info(`whatsapp crash test: second sender done; ${await states()}`);
    // Failures reported after the second sender finished reopen the campaign for their SMS: sent here.
    const end = Date.now() + 60_000;
    for (;;) {
      const waiting = await app.db
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(and(eq(smsMessages.campaignId, campaign.id), inArray(smsMessages.status, ['queued', 'submitted'])));
      if (waiting.length === 0) break;
      if (Date.now() > end) {
        const stuck = await app.db.execute(sql`
          select m.status as row_status, w.status as whatsapp_status, count(*)::int as n
            from sms_messages m left join whatsapp_messages w on w.wamid = m.provider_message_id
           where m.campaign_id = ${campaign.id}::uuid and m.status in ('queued', 'submitted')
           group by 1, 2`);
        throw new Error(`messages still waiting: ${JSON.stringify(stuck.rows)}; ${webhookRetries} posts sent again`);
      }
      await app.smsSender.run(campaign.id, 2_000);
      await new Promise((r) => setTimeout(r, 200));
    }

    const perNumber = new Map<string, number>();
    for (const m of cloud.received) perNumber.set(m.to, (perNumber.get(m.to) ?? 0) + 1);
    expect(Math.max(...perNumber.values())).toBe(1);
    const sms = journalLines(journal);
    const smsPerNumber = new Map<string, number>();
    for (const m of sms) smsPerNumber.set(m.to.slice(-10), (smsPerNumber.get(m.to.slice(-10)) ?? 0) + 1);
    expect(Math.max(0, ...smsPerNumber.values())).toBeLessThanOrEqual(1);
    // An SMS went only where WhatsApp reported the message undeliverable.
    expect([...smsPerNumber.keys()].every((to) => to.endsWith('7'))).toBe(true);
    expect(sms.length).toBeGreaterThan(0);

    const messages = await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, campaign.id));
    const whatsapp = messages.filter((m) => m.channel === 'whatsapp');
    expect(whatsapp).toHaveLength(WA_RECIPIENTS);
    const got = new Set(cloud.received.map((m) => m.to.slice(2)));
    for (const m of whatsapp.filter((x) => x.status === 'delivered' || x.status === 'failed')) expect(got.has(m.to)).toBe(true);
    for (const m of messages) expect(m.refunded).toBe(['failed', 'expired', 'cancelled'].includes(m.status));
    const [row] = await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.id, campaign.id));
    expect(row?.status).toBe('completed');
    const [sum] = await app.db
      .select({ total: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.userId, shop.id));
    expect(sum?.total).toBe(await app.ledgerRepository.balance(shop.id));
    console.info(
      `whatsapp crash test: ${atKill} sent before the kill, ${cloud.received.length} in all, ` +
        `${whatsapp.filter((m) => m.status === 'expired').length} unanswered at the kill expired and refunded, ` +
        `${sms.length} SMS fallbacks, ${webhookRetries} webhook posts sent again`,
    );
  }, 240_000);
});
