import { indianMobileFromWaId, postReferenceIn } from '@aaspaas/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { contacts, posts, whatsappConnections, whatsappMessages, whatsappTemplates } from '#src/db/schema';
import { type WebhookEvent, webhookEvents } from './webhook/webhook-events';

export type WhatsAppWebhookService = ReturnType<typeof createWhatsAppWebhookService>;

declare module 'fastify' {
  interface FastifyInstance {
    whatsappWebhook: WhatsAppWebhookService;
  }
}

type StatusEvent = Extract<WebhookEvent, { kind: 'status' }>;
type InboundEvent = Extract<WebhookEvent, { kind: 'inbound' }>;

/** The statuses a message may move on from, so a status never goes back: a replay or a late "delivered" after "read" changes nothing. */
const MAY_BECOME = {
  sent: ['queued', 'accepted'],
  delivered: ['queued', 'accepted', 'sent'],
  read: ['queued', 'accepted', 'sent', 'delivered'],
  failed: ['queued', 'accepted', 'sent'],
} as const;

/**
 * A status for a message id not yet known is tried again, 1 s then doubling (about 30 s in all): its
 * send's commit may still be on its way on a busy sender (ADR 050). The Cloud API reports within
 * milliseconds of its answer, so most campaign statuses come before their batch is marked sent.
 */
const UNKNOWN_RETRY_MS = 1_000;
const UNKNOWN_TRIES = 5;

/** What an applied inbound message or status leads to (consent, refunds, the inbox), for the parts that care. */
export type InboundApplied = InboundEvent & { userId: string; messageId: number; contactId: string | null };
export type StatusApplied = StatusEvent & { userId: string; messageId: number };
type Listeners = { inbound: ((m: InboundApplied) => Promise<void>)[]; status: ((s: StatusApplied) => Promise<void>)[] };

/**
 * Applies what the Cloud API's webhook (or the local stand-in) reports: statuses move a message
 * forward only, a customer's message is stored once by its id, a template's review changes its status.
 * Ids of no connected number, message or template are ignored: Meta must not retry them for days.
 */
export function createWhatsAppWebhookService(deps: { db: Db; onError?: (err: unknown) => void }) {
  const { db } = deps;
  const listeners: Listeners = { inbound: [], status: [] };
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function userOfNumber(phoneNumberId: string, cache: Map<string, string | null>): Promise<string | null> {
    if (!cache.has(phoneNumberId)) {
      const [row] = await db
        .select({ userId: whatsappConnections.userId })
        .from(whatsappConnections)
        .where(eq(whatsappConnections.phoneNumberId, phoneNumberId))
        .limit(1);
      cache.set(phoneNumberId, row?.userId ?? null);
    }
    return cache.get(phoneNumberId) ?? null;
  }

  async function applyStatus(event: StatusEvent, userId: string, tries: number): Promise<void> {
    const changed = await db
      .update(whatsappMessages)
      .set({ status: event.status, statusAt: event.at, ...(event.status === 'failed' ? { error: event.error ?? 'failed' } : {}) })
      .where(
        and(
          eq(whatsappMessages.wamid, event.wamid),
          eq(whatsappMessages.userId, userId),
          eq(whatsappMessages.direction, 'out'),
          inArray(whatsappMessages.status, [...MAY_BECOME[event.status]]),
        ),
      )
      .returning({ id: whatsappMessages.id });
    if (changed[0]) {
      for (const l of listeners.status) await l({ ...event, userId, messageId: changed[0].id });
      return;
    }
    const [known] = await db
      .select({ id: whatsappMessages.id, status: whatsappMessages.status })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.wamid, event.wamid), eq(whatsappMessages.userId, userId)))
      .limit(1);
    if (known) {
      // The send's commit landed between the update and this read (the update did not see the row, this
      // read does): the status applies now. Without this it was dropped and the message stayed "accepted".
      if ((MAY_BECOME[event.status] as readonly string[]).includes(known.status)) return applyStatus(event, userId, tries);
      // Applied before: told again, so that a listener whose work failed the first time (the post was
      // answered 503 and Meta sent it again) does it now. Listeners are idempotent; a replay changes nothing.
      if (known.status === event.status) {
        for (const l of listeners.status) await l({ ...event, userId, messageId: known.id });
      }
      return;
    }
    later(event, userId, tries);
  }

  /** Tried again after a while; a try that fails (the database busy or away) counts as one too, rather than ending the status. */
  function later(event: StatusEvent, userId: string, tries: number) {
    if (closed || tries >= UNKNOWN_TRIES) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        applyStatus(event, userId, tries + 1).catch((err: unknown) => {
          deps.onError?.(err);
          later(event, userId, tries + 1);
        });
      },
      UNKNOWN_RETRY_MS * 2 ** tries,
    );
    timers.add(timer);
  }

  async function applyInbound(event: InboundEvent, userId: string): Promise<void> {
    const mobile = indianMobileFromWaId(event.waId);
    const [contact] = mobile
      ? await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.userId, userId), eq(contacts.mobileNumber, mobile)))
          .limit(1)
      : [];
    // The wa.me text of a feed enquiry names its post (whatsappPostReference): only a post of this business counts.
    const ref = postReferenceIn(event.text);
    const [post] = ref
      ? await db
          .select({ id: posts.id })
          .from(posts)
          .where(and(eq(posts.userId, userId), sql`${posts.id}::text LIKE ${`${ref}%`}`))
          .limit(1)
      : [];
    const [inserted] = await db
      .insert(whatsappMessages)
      .values({
        userId,
        contactId: contact?.id ?? null,
        direction: 'in',
        waId: event.waId,
        text: event.text,
        status: 'received',
        wamid: event.wamid,
        postId: post?.id ?? null,
        createdAt: event.at,
        statusAt: event.at,
      })
      .onConflictDoNothing({ target: whatsappMessages.wamid })
      .returning({ id: whatsappMessages.id });
    if (!inserted) return;
    for (const l of listeners.inbound) await l({ ...event, userId, messageId: inserted.id, contactId: contact?.id ?? null });
  }

  async function applyTemplate(event: Extract<WebhookEvent, { kind: 'template' }>): Promise<void> {
    await db
      .update(whatsappTemplates)
      .set({ status: event.status, updatedAt: new Date() })
      .where(
        and(
          eq(whatsappTemplates.metaId, event.metaId),
          ne(whatsappTemplates.status, event.status),
          sql`${whatsappTemplates.userId} IN (SELECT ${whatsappConnections.userId} FROM ${whatsappConnections} WHERE ${whatsappConnections.wabaId} = ${event.wabaId})`,
        ),
      );
  }

  async function apply(events: WebhookEvent[]): Promise<void> {
    const numbers = new Map<string, string | null>();
    for (const event of events) {
      if (event.kind === 'template') {
        await applyTemplate(event);
        continue;
      }
      const userId = await userOfNumber(event.phoneNumberId, numbers);
      if (!userId) continue;
      if (event.kind === 'status') await applyStatus(event, userId, 0);
      else await applyInbound(event, userId);
    }
  }

  return {
    apply,
    /** The local stand-in's payloads, shaped as the webhook's. */
    async applyPayload(payload: unknown): Promise<void> {
      const parsed = webhookEvents(payload);
      if (parsed.ok) await apply(parsed.events);
    },
    onInbound(listener: Listeners['inbound'][number]) {
      listeners.inbound.push(listener);
    },
    onStatus(listener: Listeners['status'][number]) {
      listeners.status.push(listener);
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

export default fp(
  async (fastify) => {
    const service = createWhatsAppWebhookService({
      db: fastify.db,
      onError: (err) => fastify.log.error({ err }, 'whatsapp status not applied'),
    });
    fastify.decorate('whatsappWebhook', service);
    fastify.whatsappCloud.listen((payload) => service.applyPayload(payload));
    fastify.addHook('onClose', async () => service.close());
  },
  { name: 'whatsapp-webhook-service', dependencies: ['db', 'whatsapp-cloud-plugin'] },
);
