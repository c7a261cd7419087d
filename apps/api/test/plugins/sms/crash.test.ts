import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsMessages, walletLedger } from '../../../src/db/schema';
import { buildTestApp, type TestApp } from '../../helper';
import { billingShop } from './sms-shop';
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
