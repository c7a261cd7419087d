import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileWhole } from '#src/lib/write-file-whole';
import type { DeliveryReport, SmsGateway, SmsGatewayListeners, SmsSubmission, SubmitResult } from './sms-gateway';

/** What the local gateway writes for each message (one JSON file in DATA_DIR/sms-outbox/). */
export type OutboxSms = SmsSubmission & { id: string; createdAt: string };

/**
 * The built-in gateway when no provider is configured: each message becomes a JSON file named after
 * its idempotency key (written with `wx`, so a retry finds the first and writes nothing), and a
 * delivery report follows, so the whole flow — history, refunds, progress — runs on a laptop.
 */
export function createLocalGateway(deps: { dataDir: string; ratePerSecond: number; reportDelayMs?: number }): SmsGateway {
  const dir = path.join(deps.dataDir, 'sms-outbox');
  let listeners: SmsGatewayListeners | null = null;
  const timers = new Set<NodeJS.Timeout>();
  let made: Promise<unknown> | null = null;

  function report(r: DeliveryReport) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      listeners?.onReport(r);
    }, deps.reportDelayMs ?? 20);
    timers.add(timer);
  }

  return {
    name: 'local',
    idempotent: true,
    ratePerSecond: deps.ratePerSecond,
    async submit(sms: SmsSubmission): Promise<SubmitResult> {
      made ??= fs.mkdir(dir, { recursive: true });
      await made;
      const file = path.join(dir, `${sms.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
      const record: OutboxSms = { id: randomUUID(), ...sms, createdAt: new Date().toISOString() };
      try {
        await writeFileWhole(file, `${JSON.stringify(record, null, 2)}\n`, { exclusive: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
          return { ok: false, kind: 'temporary', error: `outbox not writable: ${(err as Error).message}` };
        }
        const first = JSON.parse(await fs.readFile(file, 'utf8')) as OutboxSms;
        return { ok: true, providerMessageId: first.id };
      }
      report({ providerMessageId: record.id, status: 'delivered' });
      return { ok: true, providerMessageId: record.id };
    },
    listen(l) {
      listeners = l;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
