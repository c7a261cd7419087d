import { indianMobileFromWaId, isWhatsAppStopReply } from '@aaspaas/domain';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { contacts } from '#src/db/schema';
import type { InboundApplied } from './whatsapp-webhook-service';
import { whatsappStopped } from './whatsapp-consent';

/**
 * A customer's STOP (a reply, or the template's opt-out button, whose payload is its text) ends their
 * WhatsApp opt-in with that business at once (ADR 050); the SMS consent is a separate record and stays.
 */
export function createStopListener(db: Db) {
  return async (message: InboundApplied): Promise<void> => {
    if (!isWhatsAppStopReply(message.buttonPayload ?? '') && !isWhatsAppStopReply(message.text)) return;
    const mobile = indianMobileFromWaId(message.waId);
    if (!mobile) return;
    const now = new Date();
    await db
      .update(contacts)
      .set({
        ...whatsappStopped(now),
        whatsappOptedOutAt: sql`coalesce(${contacts.whatsappOptedOutAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(and(eq(contacts.userId, message.userId), eq(contacts.mobileNumber, mobile)));
  };
}

export default fp(
  async (fastify) => {
    fastify.whatsappWebhook.onInbound(createStopListener(fastify.db));
  },
  { name: 'whatsapp-consent-service', dependencies: ['db', 'whatsapp-webhook-service'] },
);
