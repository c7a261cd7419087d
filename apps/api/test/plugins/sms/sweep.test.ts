import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCampaigns, smsMessages, walletLedger } from '../../../src/db/schema';
import { SMS_SEND_QUEUE } from '../../../src/plugins/app/sms/sms-sender-service';
import { buildTestApp, type TestApp } from '../../helper';
import { startSmppServer } from './smpp-test-server';
import { billingShop } from './sms-shop';

const RECIPIENTS = 120;

describe('the sweep of sending campaigns whose job was lost', () => {
  let app: TestApp;
  let smsc: Awaited<ReturnType<typeof startSmppServer>>;

  beforeAll(async () => {
    smsc = await startSmppServer();
    // The queue's own worker sends: the campaign is picked up by pg-boss, not called by the test.
    app = await buildTestApp({ SMS_SMPP_URL: smsc.url, SMS_RATE_PER_S: '100', SMS_SENDER_ENABLED: 'true' });
  });

  afterAll(async () => {
    await app?.close();
    await smsc?.close();
  });

  async function liveJobs(campaignId: string): Promise<number> {
    const { rows } = await app.db.execute<{ n: number }>(sql`
      select count(*)::int as n from pgboss.job
       where name = ${SMS_SEND_QUEUE} and state in ('created', 'retry', 'active') and data ->> 'campaignId' = ${campaignId}`);
    return Number(rows[0]?.n ?? 0);
  }

  it('queues it again once; the queue sends it to the end, no recipient twice, the ledger whole', async () => {
    const { shop, draft } = await billingShop(app, RECIPIENTS, 200_000_000);
    const preview = await app.campaignsService.preview(shop.id, draft);
    // Scheduled an hour ahead, so its job waits in pg-boss rather than being taken at once.
    const campaign = await app.campaignsService.create(shop.id, {
      ...draft,
      name: 'Bills',
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const before = await app.ledgerRepository.balance(shop.id);
    await app.campaignsService.confirm(shop.id, campaign.id, preview.costPaise);
    expect(await liveJobs(campaign.id)).toBe(1);
    // Nothing to do while its job lives.
    expect(await app.smsSender.sweep()).toEqual([]);

    // The job is lost (a process died between the confirm's commit and its job), and the hour passed.
    await app.db.execute(sql`delete from pgboss.job where name = ${SMS_SEND_QUEUE} and data ->> 'campaignId' = ${campaign.id}`);
    await app.db
      .update(smsCampaigns)
      .set({ scheduledAt: new Date(Date.now() - 120_000), sendsAt: new Date(Date.now() - 120_000) })
      .where(eq(smsCampaigns.id, campaign.id));
    expect(await liveJobs(campaign.id)).toBe(0);

    // Two sweeps at once (two processes) queue it once.
    const swept = await Promise.all([app.smsSender.sweep(), app.smsSender.sweep()]);
    expect(swept.flat()).toEqual([campaign.id]);

    const end = Date.now() + 60_000;
    for (;;) {
      const [row] = await app.db.select().from(smsCampaigns).where(eq(smsCampaigns.id, campaign.id));
      if (row?.status === 'completed') break;
      if (Date.now() > end) throw new Error(`campaign not completed: ${row?.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const messages = await app.db.select().from(smsMessages).where(eq(smsMessages.campaignId, campaign.id));
    expect(messages).toHaveLength(RECIPIENTS);
    expect(messages.filter((m) => m.status !== 'submitted' && m.status !== 'delivered')).toEqual([]);
    const perNumber = new Map<string, number>();
    for (const m of smsc.received) perNumber.set(m.to, (perNumber.get(m.to) ?? 0) + 1);
    expect(perNumber.size).toBe(RECIPIENTS);
    expect(Math.max(...perNumber.values())).toBe(1);
    // Done: nothing left to sweep.
    expect(await app.smsSender.sweep()).toEqual([]);

    const [sum] = await app.db
      .select({ total: sql<number>`coalesce(sum(${walletLedger.amountPaise}), 0)`.mapWith(Number) })
      .from(walletLedger)
      .where(eq(walletLedger.userId, shop.id));
    expect(sum?.total).toBe(await app.ledgerRepository.balance(shop.id));
    // Charged once, nothing refunded: every message went.
    expect(sum?.total).toBe(before - preview.costPaise);
  }, 120_000);
});
