import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileWhole } from '#src/lib/write-file-whole';
import type { CloudTemplate, OutboundWhatsApp, WebhookListener, WhatsAppAccount, WhatsAppCloud } from './whatsapp-cloud';

/** What the stand-in writes for each message (one JSON file in DATA_DIR/whatsapp-outbox/). */
export type OutboxWhatsApp = OutboundWhatsApp & { wamid: string; phoneNumberId: string; createdAt: string };

/** The stand-in's templates: what a shop's account typically has approved, in English and Hindi. */
const STAND_IN_TEMPLATES: CloudTemplate[] = [
  {
    metaId: '100000000000001',
    name: 'weekly_offer',
    language: 'en',
    category: 'MARKETING',
    body: 'Namaste {{1}}! {{2}} Tap "Stop promotions" to stop these messages.',
    status: 'APPROVED',
    optOutButton: true,
  },
  {
    metaId: '100000000000002',
    name: 'weekly_offer',
    language: 'hi',
    category: 'MARKETING',
    body: 'नमस्ते {{1}}! {{2}} ये संदेश बंद करने के लिए "Stop promotions" दबाएँ।',
    status: 'APPROVED',
    optOutButton: true,
  },
  {
    metaId: '100000000000003',
    name: 'order_ready',
    language: 'en',
    category: 'UTILITY',
    body: 'Hello {{1}}, your order {{2}} is ready to collect.',
    status: 'APPROVED',
    optOutButton: false,
  },
];

/** Numbers ending in 0000 are reported undeliverable (Meta's 131026), so a laptop can see a failure and its fallback. */
const UNDELIVERABLE = /0000$/;

function wamid(): string {
  return `wamid.local.${randomBytes(12).toString('hex')}`;
}

function messagesChange(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'local',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: phoneNumberId, phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/**
 * The built-in stand-in for `npm start` with no Meta account: any ids and token connect, the templates
 * above are synced, each message becomes a file named after its idempotency key (written with `wx`,
 * so a retry writes nothing), and its statuses come back through the same path as the webhook's.
 */
export function createLocalCloud(deps: { dataDir: string; reportDelayMs?: number }): WhatsAppCloud {
  const dir = path.join(deps.dataDir, 'whatsapp-outbox');
  let listener: WebhookListener | null = null;
  const timers = new Set<NodeJS.Timeout>();
  let made: Promise<unknown> | null = null;

  function later(payload: unknown, steps = 1) {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void listener?.(payload).catch(() => undefined);
      },
      (deps.reportDelayMs ?? 20) * steps,
    );
    timers.add(timer);
  }

  function reportStatuses(account: WhatsAppAccount, message: OutboxWhatsApp) {
    const at = String(Math.floor(Date.now() / 1000));
    const status = (s: string, extra: Record<string, unknown> = {}) =>
      messagesChange(account.phoneNumberId, {
        statuses: [{ id: message.wamid, status: s, timestamp: at, recipient_id: message.to, ...extra }],
      });
    if (UNDELIVERABLE.test(message.to)) {
      later(status('failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] }));
      return;
    }
    later(status('sent'), 1);
    later(status('delivered'), 2);
  }

  return {
    name: 'local',
    async numberInfo(account) {
      return {
        ok: true,
        value: { displayPhoneNumber: `+91 ${account.phoneNumberId.slice(-10)}`, verifiedName: 'Local stand-in' },
      };
    },
    async templates() {
      return { ok: true, value: STAND_IN_TEMPLATES };
    },
    async send(account, message) {
      made ??= fs.mkdir(dir, { recursive: true });
      await made;
      const file = path.join(dir, `${message.idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '_')}.json`);
      const record: OutboxWhatsApp = {
        ...message,
        wamid: wamid(),
        phoneNumberId: account.phoneNumberId,
        createdAt: new Date().toISOString(),
      };
      try {
        await writeFileWhole(file, `${JSON.stringify(record, null, 2)}\n`, { exclusive: true });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
          return { ok: false, kind: 'temporary', error: `outbox not writable: ${(err as Error).message}` };
        }
        const first = JSON.parse(await fs.readFile(file, 'utf8')) as OutboxWhatsApp;
        return { ok: true, value: { wamid: first.wamid } };
      }
      reportStatuses(account, record);
      return { ok: true, value: { wamid: record.wamid } };
    },
    listen(l) {
      listener = l;
    },
    async simulateInbound(input) {
      const message: Record<string, unknown> = {
        from: `91${input.from}`,
        id: wamid(),
        timestamp: String(Math.floor(Date.now() / 1000)),
        ...(input.buttonPayload
          ? { type: 'button', button: { payload: input.buttonPayload, text: input.text } }
          : { type: 'text', text: { body: input.text } }),
      };
      const contacts = [{ wa_id: `91${input.from}`, profile: { name: input.name ?? '' } }];
      await listener?.(messagesChange(input.phoneNumberId, { contacts, messages: [message] }));
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
