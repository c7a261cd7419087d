import { z } from 'zod';
import { hmacSha256Hex, signatureMatches } from '../../wallet/payment-signature';

/** Meta's header carrying `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-hub-signature-256';
/** At most this many events in one post (Meta batches up to about a thousand). */
export const WEBHOOK_MAX_EVENTS = 2_000;

/** Whether a post comes from Meta: its signature over the exact bytes, compared in constant time. No secret: nothing is. */
export function webhookAuthentic(secret: string | undefined, body: Buffer, header: string | undefined): boolean {
  if (!secret || !header?.startsWith('sha256=')) return false;
  return signatureMatches(hmacSha256Hex(secret, body), header.slice('sha256='.length).toLowerCase());
}

/** What the webhook brings, each event on its own (a post may carry many, for many numbers). */
export type WebhookEvent =
  | {
      kind: 'status';
      phoneNumberId: string;
      wamid: string;
      status: 'sent' | 'delivered' | 'read' | 'failed';
      at: Date;
      error?: string;
    }
  | {
      kind: 'inbound';
      phoneNumberId: string;
      wamid: string;
      waId: string;
      name?: string;
      text: string;
      /** A quick-reply button's payload (the template's opt-out button). */
      buttonPayload?: string;
      at: Date;
    }
  | { kind: 'template'; wabaId: string; metaId: string; status: string };

const Id = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(200));
const Timestamp = z.union([z.string(), z.number()]).optional();
const ErrorSchema = z.looseObject({
  code: z.number().optional(),
  title: z.string().max(500).optional(),
  message: z.string().max(500).optional(),
});
const StatusSchema = z.looseObject({
  id: Id,
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: Timestamp,
  errors: z.array(ErrorSchema).max(10).optional(),
});
const InboundSchema = z.looseObject({
  from: z.string().regex(/^\d{6,20}$/),
  id: Id,
  timestamp: Timestamp,
  type: z.string().max(40),
  text: z.looseObject({ body: z.string().max(5_000) }).optional(),
  button: z.looseObject({ payload: z.string().max(1_000).optional(), text: z.string().max(1_000).optional() }).optional(),
  interactive: z
    .looseObject({ button_reply: z.looseObject({ id: z.string().max(256), title: z.string().max(256) }).optional() })
    .optional(),
});
const MessagesValueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: Id }),
  contacts: z
    .array(z.looseObject({ wa_id: z.string().max(20), profile: z.looseObject({ name: z.string().max(200) }).optional() }))
    .max(1_000)
    .optional(),
  messages: z.array(z.unknown()).max(WEBHOOK_MAX_EVENTS).optional(),
  statuses: z.array(z.unknown()).max(WEBHOOK_MAX_EVENTS).optional(),
});
const TemplateValueSchema = z.looseObject({ event: z.string().min(1).max(40), message_template_id: Id });
const PayloadSchema = z.looseObject({
  object: z.string(),
  entry: z
    .array(
      z.looseObject({
        id: Id,
        changes: z.array(z.looseObject({ field: z.string().max(100), value: z.unknown() })).max(WEBHOOK_MAX_EVENTS),
      }),
    )
    .max(WEBHOOK_MAX_EVENTS),
});

function when(timestamp: string | number | undefined): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

function inboundEvent(phoneNumberId: string, raw: unknown, names: Map<string, string>): WebhookEvent | null {
  const m = InboundSchema.safeParse(raw);
  if (!m.success) return null;
  const { from, id } = m.data;
  const reply = m.data.interactive?.button_reply;
  const text = m.data.text?.body ?? m.data.button?.text ?? reply?.title ?? `[${m.data.type}]`;
  const buttonPayload = m.data.button?.payload ?? reply?.id;
  return {
    kind: 'inbound',
    phoneNumberId,
    wamid: id,
    waId: from,
    name: names.get(from),
    text,
    buttonPayload,
    at: when(m.data.timestamp),
  };
}

function statusEvent(phoneNumberId: string, raw: unknown): WebhookEvent | null {
  const s = StatusSchema.safeParse(raw);
  if (!s.success) return null;
  const first = s.data.errors?.[0];
  const error = first ? `${first.code ?? ''} ${first.title ?? first.message ?? ''}`.trim().slice(0, 200) : undefined;
  return { kind: 'status', phoneNumberId, wamid: s.data.id, status: s.data.status, at: when(s.data.timestamp), error };
}

export type ParsedWebhook = { ok: true; events: WebhookEvent[]; ignored: number } | { ok: false; error: string };

/**
 * The events of one post: `messages` changes (statuses and customers' messages) and
 * `message_template_status_update` ones. Other fields and entries of a shape we do not know are
 * counted as ignored, not refused: Meta would retry a refused post for days.
 */
export function parseWebhook(raw: Buffer): ParsedWebhook {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ok: false, error: 'not-json' };
  }
  return webhookEvents(body);
}

/** The events of a payload already parsed (the local stand-in hands its payloads over as objects). */
export function webhookEvents(body: unknown): ParsedWebhook {
  const payload = PayloadSchema.safeParse(body);
  if (!payload.success) return { ok: true, events: [], ignored: 1 };
  const events: WebhookEvent[] = [];
  let ignored = 0;
  for (const entry of payload.data.entry) {
    for (const change of entry.changes) {
      if (change.field === 'message_template_status_update') {
        const t = TemplateValueSchema.safeParse(change.value);
        if (t.success)
          events.push({
            kind: 'template',
            wabaId: entry.id,
            metaId: t.data.message_template_id,
            status: t.data.event.toUpperCase(),
          });
        else ignored += 1;
        continue;
      }
      const value = change.field === 'messages' ? MessagesValueSchema.safeParse(change.value) : null;
      if (!value?.success) {
        ignored += 1;
        continue;
      }
      const phoneNumberId = value.data.metadata.phone_number_id;
      const names = new Map((value.data.contacts ?? []).map((c) => [c.wa_id, c.profile?.name ?? '']));
      for (const raw of value.data.statuses ?? []) {
        const event = statusEvent(phoneNumberId, raw);
        if (event) events.push(event);
        else ignored += 1;
      }
      for (const raw of value.data.messages ?? []) {
        const event = inboundEvent(phoneNumberId, raw, names);
        if (event) events.push(event);
        else ignored += 1;
      }
    }
  }
  if (events.length > WEBHOOK_MAX_EVENTS) return { ok: false, error: 'too-many' };
  return { ok: true, events, ignored };
}
