import { createHash } from 'node:crypto';
import {
  indianMobileFromWaId,
  SMS_CAMPAIGN_NAME_MAX,
  SMS_MESSAGES,
  type SmsCampaign,
  type SmsCampaignDraft,
  WHATSAPP_MESSAGES,
  type WhatsAppTemplateReplyDraft,
  type WhatsAppTemplateReplyInput,
  type WhatsAppTemplateReplyPreview,
  WhatsAppTemplateReplyInputSchema,
} from '@aaspaas/domain';
import { and, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Db } from '#src/db/client';
import { contacts, whatsappMessages } from '#src/db/schema';
import { AppError } from '#src/lib/app-error';
import type { CampaignsService } from '../sms/campaigns-service';

export type WhatsAppTemplateReplies = ReturnType<typeof createWhatsAppTemplateReplies>;

declare module 'fastify' {
  interface FastifyInstance {
    whatsappTemplateReplies: WhatsAppTemplateReplies;
  }
}

/** A UUID made from the business and its key: the same request names the same campaign (idempotent create). */
function campaignIdFor(userId: string, key: string): string {
  const h = createHash('sha256').update(`whatsapp-template-reply:${userId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h.slice(16, 17), 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Template replies from the enquiry inbox (ADR 050): after the 24-hour window only an approved
 * template reaches a customer, and it is paid. Each is a WhatsApp campaign of one contact, so the
 * price (the template category's, from the admin's prices), the single charge at the cost seen, the
 * sending at most once, the statuses and the refund of a failed message are the campaigns' own code,
 * not a second copy. Like any business-initiated WhatsApp message it needs the customer's WhatsApp
 * opt-in (a contact of the business who agreed and did not stop).
 */
export function createWhatsAppTemplateReplies(deps: { db: Db; campaigns: CampaignsService }) {
  const { db, campaigns } = deps;

  /** The conversation's customer as a contact with a WhatsApp opt-in: 404 without a conversation, 409 without an opt-in. */
  async function recipient(userId: string, waId: string): Promise<{ contactId: string; name: string }> {
    const [inbound] = await db
      .select({ id: whatsappMessages.id })
      .from(whatsappMessages)
      .where(and(eq(whatsappMessages.userId, userId), eq(whatsappMessages.waId, waId), eq(whatsappMessages.direction, 'in')))
      .limit(1);
    if (!inbound) throw AppError.notFound(WHATSAPP_MESSAGES.conversationNotFound);
    const mobile = indianMobileFromWaId(waId);
    const [contact] = mobile
      ? await db
          .select({ id: contacts.id, name: contacts.name, optIn: contacts.whatsappConsentAt, optedOut: contacts.optedOut })
          .from(contacts)
          .where(and(eq(contacts.userId, userId), eq(contacts.mobileNumber, mobile)))
      : [];
    if (!contact || !contact.optIn || contact.optedOut) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.templateReplyNoOptIn);
    return { contactId: contact.id, name: contact.name || `+${waId}` };
  }

  const draftFor = (contactId: string, input: WhatsAppTemplateReplyDraft): SmsCampaignDraft => ({
    channel: 'whatsapp',
    audience: { kind: 'contact', contactId },
    whatsappTemplateId: input.whatsappTemplateId,
    whatsappVariables: input.whatsappVariables ?? [],
  });

  return {
    /** What the reply will say and cost, as sending charges it. */
    async preview(userId: string, waId: string, input: WhatsAppTemplateReplyDraft): Promise<WhatsAppTemplateReplyPreview> {
      const { contactId } = await recipient(userId, waId);
      const preview = await campaigns.preview(userId, draftFor(contactId, input));
      const whatsapp = preview.whatsapp;
      if (!whatsapp?.sample) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.templateReplyNoOptIn);
      return {
        text: whatsapp.sample.text,
        category: whatsapp.category,
        costPaise: preview.costPaise,
        balancePaise: preview.balancePaise,
        windowApplies: preview.windowApplies,
      };
    },

    /**
     * Creates the one-contact campaign under an id made from the key and confirms it at the cost the
     * business saw: a repeated request finds it confirmed and charges and sends nothing more. A confirm
     * that fails (409 for a new price, 402 for an empty wallet) removes the draft, so nothing lingers.
     */
    async send(userId: string, waId: string, raw: WhatsAppTemplateReplyInput): Promise<SmsCampaign> {
      const input = WhatsAppTemplateReplyInputSchema.parse(raw);
      const { contactId, name } = await recipient(userId, waId);
      const id = campaignIdFor(userId, input.idempotencyKey);
      const draft = draftFor(contactId, input);
      const title = `${WHATSAPP_MESSAGES.templateReplyName}: ${name}`.slice(0, SMS_CAMPAIGN_NAME_MAX);
      const campaign = await campaigns.create(userId, { ...draft, name: title, scheduledAt: null }, id);
      if (campaign.status !== 'draft') return campaign;
      try {
        return await campaigns.confirm(userId, id, input.expectedCostPaise);
      } catch (error) {
        // Two requests at once: the other confirmed it under the row's lock; answer that one.
        if (error instanceof AppError && error.message === SMS_MESSAGES.notDraft) return campaigns.get(userId, id);
        await campaigns.remove(userId, id).catch(() => undefined);
        throw error;
      }
    },
  };
}

export default fp(
  async (fastify) => {
    fastify.decorate(
      'whatsappTemplateReplies',
      createWhatsAppTemplateReplies({ db: fastify.db, campaigns: fastify.campaignsService }),
    );
  },
  { name: 'whatsapp-template-reply-service', dependencies: ['db', 'campaigns-service'] },
);
