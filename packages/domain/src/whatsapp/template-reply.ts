import { z } from 'zod';
import { SMS_MESSAGES } from '../sms/messages';
import { DLT_TEMPLATE_MAX_VARIABLES } from '../sms/rules';
import { SmsVariableSchema } from '../sms/contracts';

/**
 * POST /api/whatsapp/conversations/{waId}/template-replies/preview: an approved template and its
 * `{{n}}` values for a customer the 24-hour window no longer lets the business answer freely (ADR 050).
 */
export const WhatsAppTemplateReplyDraftSchema = z.object({
  whatsappTemplateId: z.uuid({ error: SMS_MESSAGES.whatsappTemplateRequired }),
  whatsappVariables: z
    .array(SmsVariableSchema)
    .max(DLT_TEMPLATE_MAX_VARIABLES, { error: SMS_MESSAGES.whatsappVariablesCount })
    .default([]),
});
export type WhatsAppTemplateReplyDraft = z.input<typeof WhatsAppTemplateReplyDraftSchema>;

/**
 * POST /api/whatsapp/conversations/{waId}/template-replies: sent as a one-message WhatsApp campaign,
 * charged once at the price seen (409 with the new one otherwise); one campaign per idempotencyKey.
 */
export const WhatsAppTemplateReplyInputSchema = WhatsAppTemplateReplyDraftSchema.extend({
  expectedCostPaise: z.number().int().min(0),
  idempotencyKey: z.uuid(),
});
export type WhatsAppTemplateReplyInput = z.input<typeof WhatsAppTemplateReplyInputSchema>;

/** What the template reply will say and cost: its category's price, from the admin's WhatsApp prices. */
export const WhatsAppTemplateReplyPreviewSchema = z.object({
  text: z.string(),
  category: z.string(),
  costPaise: z.number().int(),
  balancePaise: z.number().int(),
  /** A MARKETING template waits for the 10:00–21:00 India window, as a campaign's does. */
  windowApplies: z.boolean(),
});
export type WhatsAppTemplateReplyPreview = z.infer<typeof WhatsAppTemplateReplyPreviewSchema>;
