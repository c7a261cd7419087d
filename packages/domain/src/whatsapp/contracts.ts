import { z } from 'zod';
import { WHATSAPP_MESSAGES } from './messages';
import {
  WHATSAPP_ID_PATTERN,
  WHATSAPP_MESSAGE_STATUSES,
  WHATSAPP_PRICE_MAX_PAISE,
  WHATSAPP_TEMPLATE_CATEGORIES,
  WHATSAPP_TEXT_MAX,
  WHATSAPP_TOKEN_MAX,
  WHATSAPP_TOKEN_MIN,
} from './rules';

const waId = (message: string) => z.string({ error: message }).trim().regex(WHATSAPP_ID_PATTERN, { error: message });

/** PUT /api/whatsapp/connection: what the business copies from Meta's WhatsApp Manager. */
export const WhatsAppConnectionInputSchema = z.object({
  phoneNumberId: waId(WHATSAPP_MESSAGES.phoneNumberIdInvalid),
  wabaId: waId(WHATSAPP_MESSAGES.wabaIdInvalid),
  accessToken: z
    .string({ error: WHATSAPP_MESSAGES.accessTokenInvalid })
    .trim()
    .min(WHATSAPP_TOKEN_MIN, { error: WHATSAPP_MESSAGES.accessTokenInvalid })
    .max(WHATSAPP_TOKEN_MAX, { error: WHATSAPP_MESSAGES.accessTokenInvalid })
    .regex(/^[A-Za-z0-9_\-.|]+$/, { error: WHATSAPP_MESSAGES.accessTokenInvalid }),
});
export type WhatsAppConnectionInput = z.infer<typeof WhatsAppConnectionInputSchema>;

export const WhatsAppTemplateCategorySchema = z.enum(WHATSAPP_TEMPLATE_CATEGORIES);

/** A template as synced from the business's WhatsApp Business Account. */
export const WhatsAppTemplateSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    language: z.string(),
    category: WhatsAppTemplateCategorySchema,
    body: z.string(),
    variables: z.number().int().describe('How many {{n}} variables the body has'),
    status: z.string().describe("Meta's status: APPROVED, PENDING, REJECTED, PAUSED, DISABLED …"),
    optOutButton: z.boolean().describe('Whether the template has a quick-reply button that stops marketing messages'),
    updatedAt: z.string(),
  })
  .meta({ id: 'WhatsAppTemplate' });
export type WhatsAppTemplate = z.infer<typeof WhatsAppTemplateSchema>;

/** GET /api/whatsapp/setup: the connection (never the token) and its templates. */
export const WhatsAppSetupSchema = z.object({
  provider: z.enum(['cloud', 'local']).describe('local: the built-in stand-in (no Meta account needed)'),
  connection: z
    .object({
      phoneNumberId: z.string(),
      wabaId: z.string(),
      displayPhoneNumber: z.string(),
      verifiedName: z.string(),
      tokenEnding: z.string().describe('The last 4 characters of the stored token, to tell tokens apart'),
      connectedAt: z.string(),
      templatesSyncedAt: z.string().nullable(),
    })
    .nullable(),
  templates: z.array(WhatsAppTemplateSchema),
});
export type WhatsAppSetup = z.infer<typeof WhatsAppSetupSchema>;

export const WhatsAppMessageStatusSchema = z.enum(WHATSAPP_MESSAGE_STATUSES);

/** POST /api/whatsapp/local/inbound: a customer's message to the business, simulated on the local stand-in. */
export const WhatsAppSimulatedInboundSchema = z.object({
  from: z
    .string()
    .trim()
    .regex(/^[6-9]\d{9}$/, { error: 'Enter a 10-digit mobile number' }),
  name: z.string().trim().max(80).optional(),
  text: z
    .string({ error: WHATSAPP_MESSAGES.textRequired })
    .trim()
    .min(1, { error: WHATSAPP_MESSAGES.textRequired })
    .max(WHATSAPP_TEXT_MAX, { error: WHATSAPP_MESSAGES.textTooLong }),
  /** A quick-reply button's payload instead of text (the template's opt-out button). */
  buttonPayload: z.string().trim().max(256).optional(),
});
export type WhatsAppSimulatedInbound = z.infer<typeof WhatsAppSimulatedInboundSchema>;

/** POST /api/admin/pricing/whatsapp: a category's price per delivered template message. */
export const WhatsAppPriceInputSchema = z.object({
  category: WhatsAppTemplateCategorySchema,
  pricePaise: z
    .number({ error: WHATSAPP_MESSAGES.priceRange })
    .int({ error: WHATSAPP_MESSAGES.priceRange })
    .min(0, { error: WHATSAPP_MESSAGES.priceRange })
    .max(WHATSAPP_PRICE_MAX_PAISE, { error: WHATSAPP_MESSAGES.priceRange }),
});
export type WhatsAppPriceInput = z.infer<typeof WhatsAppPriceInputSchema>;

export const WhatsAppPriceSchema = WhatsAppPriceInputSchema.extend({
  changedAt: z.string().nullable().describe('null for the start value, which nobody set'),
  changedBy: z.string().nullable(),
}).meta({ id: 'WhatsAppPrice' });
export type WhatsAppPrice = z.infer<typeof WhatsAppPriceSchema>;

/** GET /api/admin/pricing/whatsapp: the price of each category now, and the changes, newest first. */
export const WhatsAppPricingAdminSchema = z
  .object({ current: z.array(WhatsAppPriceSchema), history: z.array(WhatsAppPriceSchema) })
  .meta({ id: 'WhatsAppPricingAdmin' });
export type WhatsAppPricingAdmin = z.infer<typeof WhatsAppPricingAdminSchema>;

/** A conversation with one customer in the enquiry inbox. */
export const WhatsAppConversationSchema = z
  .object({
    waId: z.string().describe('The customer’s WhatsApp id: 91 and the number'),
    contactId: z.string().nullable(),
    name: z.string().nullable().describe('The contact’s name, or the WhatsApp profile name'),
    lastText: z.string(),
    lastDirection: z.enum(['in', 'out']),
    lastAt: z.string(),
    unread: z.number().int().describe('The customer’s messages the business has not opened yet'),
    windowOpenUntil: z.string().nullable().describe('Free text is possible until then; null: a template is needed'),
    postId: z.string().nullable().describe('The post the customer last asked about'),
  })
  .meta({ id: 'WhatsAppConversation' });
export type WhatsAppConversation = z.infer<typeof WhatsAppConversationSchema>;

/** GET /api/whatsapp/conversations */
export const WhatsAppConversationListSchema = z.object({
  conversations: z.array(WhatsAppConversationSchema),
  unreadTotal: z.number().int(),
});
export type WhatsAppConversationList = z.infer<typeof WhatsAppConversationListSchema>;

export const WhatsAppThreadMessageSchema = z
  .object({
    id: z.number().int(),
    direction: z.enum(['in', 'out']),
    text: z.string(),
    status: WhatsAppMessageStatusSchema,
    error: z.string().nullable(),
    postId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'WhatsAppThreadMessage' });
export type WhatsAppThreadMessage = z.infer<typeof WhatsAppThreadMessageSchema>;

/** GET /api/whatsapp/conversations/{waId}: the conversation and its latest messages, oldest first. */
export const WhatsAppThreadSchema = z.object({
  conversation: WhatsAppConversationSchema,
  messages: z.array(WhatsAppThreadMessageSchema),
});
export type WhatsAppThread = z.infer<typeof WhatsAppThreadSchema>;

export const WhatsAppWaIdParamsSchema = z.object({
  waId: z.string().regex(/^\d{6,20}$/, { error: WHATSAPP_MESSAGES.conversationNotFound }),
});

/** POST /api/whatsapp/conversations/{waId}/replies: free text inside the 24-hour window. */
export const WhatsAppReplyInputSchema = z.object({
  text: z
    .string({ error: WHATSAPP_MESSAGES.textRequired })
    .trim()
    .min(1, { error: WHATSAPP_MESSAGES.textRequired })
    .max(WHATSAPP_TEXT_MAX, { error: WHATSAPP_MESSAGES.textTooLong }),
  /** The app's key for this reply (a UUID): sent at most once however often the request is made. */
  idempotencyKey: z.uuid(),
});
export type WhatsAppReplyInput = z.infer<typeof WhatsAppReplyInputSchema>;
