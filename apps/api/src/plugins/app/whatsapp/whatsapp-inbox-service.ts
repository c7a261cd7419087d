import {
  WHATSAPP_MESSAGES,
  WHATSAPP_SERVICE_WINDOW_MS,
  type WhatsAppConversation,
  type WhatsAppConversationList,
  type WhatsAppMessageStatus,
  type WhatsAppReplyInput,
  type WhatsAppThread,
  type WhatsAppThreadMessage,
} from '@aaspaas/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { whatsappMessages } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { WhatsAppCloud } from './cloud/whatsapp-cloud';
import type { WhatsAppConnectionService } from './whatsapp-connection-service';

export type WhatsAppInboxService = ReturnType<typeof createWhatsAppInboxService>;

declare module 'fastify' {
  interface FastifyInstance {
    whatsappInbox: WhatsAppInboxService;
  }
}

const CONVERSATIONS_MAX = 200;
const THREAD_MAX = 200;

type ConversationRow = {
  wa_id: string;
  contact_id: string | null;
  name: string | null;
  last_text: string;
  last_direction: 'in' | 'out';
  last_at: string | Date;
  unread: number;
  last_in_at: string | Date | null;
  post_id: string | null;
};

const iso = (value: string | Date) => new Date(value).toISOString();

function toConversation(row: ConversationRow): WhatsAppConversation {
  const lastIn = row.last_in_at ? new Date(row.last_in_at).getTime() : null;
  return {
    waId: row.wa_id,
    contactId: row.contact_id,
    name: row.name,
    lastText: row.last_text,
    lastDirection: row.last_direction,
    lastAt: iso(row.last_at),
    unread: Number(row.unread),
    windowOpenUntil: lastIn !== null ? new Date(lastIn + WHATSAPP_SERVICE_WINDOW_MS).toISOString() : null,
    postId: row.post_id,
  };
}

/**
 * The enquiry inbox (ADR 050): customers' WhatsApp messages as one conversation per customer, the
 * business's free replies inside the 24-hour window, and what is new. Everything is read from
 * whatsapp_messages, which the webhook fills whether or not the business is online.
 */
export function createWhatsAppInboxService(deps: {
  db: Db;
  cloud: WhatsAppCloud;
  connections: WhatsAppConnectionService;
  now?: () => Date;
}) {
  const { db, cloud, connections } = deps;
  const now = deps.now ?? (() => new Date());

  async function conversations(userId: string, waId?: string): Promise<ConversationRow[]> {
    const one = waId ? sql`AND m.wa_id = ${waId}` : sql``;
    const result = await db.execute<ConversationRow>(sql`
      WITH per AS (
        SELECT m.wa_id, max(m.id) AS last_id,
          count(*) FILTER (WHERE m.direction = 'in' AND m.seen_at IS NULL)::int AS unread,
          max(m.created_at) FILTER (WHERE m.direction = 'in') AS last_in_at,
          (array_agg(m.post_id ORDER BY m.id DESC) FILTER (WHERE m.post_id IS NOT NULL))[1] AS post_id,
          (array_agg(m.contact_id ORDER BY m.id DESC) FILTER (WHERE m.contact_id IS NOT NULL))[1] AS contact_id
        FROM whatsapp_messages m
        WHERE m.user_id = ${userId}::uuid ${one}
        GROUP BY m.wa_id
      )
      SELECT per.wa_id, per.contact_id, c.name, last.text AS last_text, last.direction AS last_direction,
        last.created_at AS last_at, per.unread, per.last_in_at, per.post_id
      FROM per
      JOIN whatsapp_messages last ON last.id = per.last_id
      LEFT JOIN contacts c ON c.id = per.contact_id
      WHERE per.last_in_at IS NOT NULL
      ORDER BY per.last_id DESC
      LIMIT ${CONVERSATIONS_MAX}`);
    return result.rows;
  }

  return {
    async list(userId: string): Promise<WhatsAppConversationList> {
      const rows = await conversations(userId);
      return { conversations: rows.map(toConversation), unreadTotal: rows.reduce((sum, r) => sum + Number(r.unread), 0) };
    },

    /** The conversation's latest messages; opening it marks the customer's messages seen. */
    async thread(userId: string, waId: string): Promise<WhatsAppThread> {
      const [row] = await conversations(userId, waId);
      if (!row) throw AppError.notFound(WHATSAPP_MESSAGES.conversationNotFound);
      const rows = await db
        .select()
        .from(whatsappMessages)
        .where(and(eq(whatsappMessages.userId, userId), eq(whatsappMessages.waId, waId)))
        .orderBy(sql`${whatsappMessages.id} DESC`)
        .limit(THREAD_MAX);
      await db
        .update(whatsappMessages)
        .set({ seenAt: now() })
        .where(
          and(
            eq(whatsappMessages.userId, userId),
            eq(whatsappMessages.waId, waId),
            eq(whatsappMessages.direction, 'in'),
            isNull(whatsappMessages.seenAt),
          ),
        );
      const messages: WhatsAppThreadMessage[] = rows.reverse().map((m) => ({
        id: m.id,
        direction: m.direction,
        text: m.text,
        status: m.status,
        error: m.error,
        postId: m.postId,
        createdAt: m.createdAt.toISOString(),
      }));
      return { conversation: { ...toConversation(row), unread: 0 }, messages };
    },

    /**
     * Free text inside the customer service window (free of charge). The row is written before the
     * send under the app's key, so a repeated request finds it and sends nothing: at most once.
     */
    async reply(userId: string, waId: string, input: WhatsAppReplyInput): Promise<WhatsAppThreadMessage> {
      const [row] = await conversations(userId, waId);
      if (!row) throw AppError.notFound(WHATSAPP_MESSAGES.conversationNotFound);
      const open = toConversation(row).windowOpenUntil;
      if (!open || new Date(open).getTime() <= now().getTime()) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.windowClosed);
      const account = await connections.account(userId);
      if (!account) throw AppError.badRequest(WHATSAPP_MESSAGES.notConnected);
      const key = `reply:${userId}:${input.idempotencyKey}`;
      const [created] = await db
        .insert(whatsappMessages)
        .values({
          userId,
          contactId: row.contact_id,
          direction: 'out',
          waId,
          text: input.text,
          status: 'queued',
          idempotencyKey: key,
        })
        .onConflictDoNothing({ target: whatsappMessages.idempotencyKey })
        .returning();
      const message = created ?? (await db.select().from(whatsappMessages).where(eq(whatsappMessages.idempotencyKey, key)))[0];
      if (!message || message.userId !== userId) throw AppError.notFound(WHATSAPP_MESSAGES.conversationNotFound);
      let status: WhatsAppMessageStatus = message.status;
      let error = message.error;
      if (created) {
        const sent = await cloud.send(account, { type: 'text', to: waId, idempotencyKey: key, text: input.text });
        status = sent.ok ? 'accepted' : 'failed';
        // No answer at all: it may have arrived, and it is not sent again (ADR 050).
        error = sent.ok
          ? null
          : sent.kind === 'uncertain'
            ? 'No answer from WhatsApp: the message may have arrived'
            : sent.error.slice(0, 200);
        await db
          .update(whatsappMessages)
          .set({ status, error, wamid: sent.ok ? sent.value.wamid : null, statusAt: now() })
          .where(and(eq(whatsappMessages.id, message.id), eq(whatsappMessages.status, 'queued')));
        if (!sent.ok && sent.kind !== 'uncertain') throw new AppError('SERVICE_UNAVAILABLE', WHATSAPP_MESSAGES.replyNotSent);
      }
      return {
        id: message.id,
        direction: 'out',
        text: message.text,
        status,
        error,
        postId: null,
        createdAt: message.createdAt.toISOString(),
      };
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'whatsappInbox',
      createWhatsAppInboxService({ db: fastify.db, cloud: fastify.whatsappCloud, connections: fastify.whatsappConnections }),
    );
  },
  { name: 'whatsapp-inbox-service', dependencies: ['db', 'whatsapp-cloud-plugin', 'whatsapp-connection-service'] },
);
