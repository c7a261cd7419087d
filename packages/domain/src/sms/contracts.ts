import { z } from 'zod';
import { SMS_MESSAGES } from './messages';
import {
  CAMPAIGN_CHANNELS,
  DLT_CATEGORIES,
  DLT_ID_PATTERN,
  DLT_TEMPLATE_MAX_VARIABLES,
  DLT_TEMPLATE_NAME_MAX,
  DLT_TEMPLATE_TEXT_MAX,
  DLT_VARIABLE_MAX_CHARS,
  dltVariableCount,
  MESSAGE_CHANNELS,
  SMS_CAMPAIGN_NAME_MAX,
  SMS_CONTACT_FIELDS,
  SMS_PAGE_DEFAULT,
  SMS_PAGE_MAX,
  SMS_STOP_REASON_MAX,
} from './rules';

const uuid = (message: string) => z.uuid({ error: message });

// ── DLT set-up ────────────────────────────────────────────────────────────────────────────────────

export const DltCategorySchema = z.enum(DLT_CATEGORIES, { error: SMS_MESSAGES.categoryInvalid });

/** PUT /api/sms/dlt/entity */
export const DltEntityInputSchema = z.object({
  entityId: z
    .string({ error: SMS_MESSAGES.entityIdInvalid })
    .trim()
    .regex(DLT_ID_PATTERN, { error: SMS_MESSAGES.entityIdInvalid }),
});
export type DltEntityInput = z.infer<typeof DltEntityInputSchema>;

/** POST /api/sms/dlt/headers: the header's form is checked against its category by the server (and the form). */
export const DltHeaderInputSchema = z.object({
  header: z
    .string({ error: SMS_MESSAGES.headerInvalid })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z]{6}|[0-9]{6})$/, { error: SMS_MESSAGES.headerInvalid }),
  category: DltCategorySchema,
});
export type DltHeaderInput = z.input<typeof DltHeaderInputSchema>;

export const DltHeaderSchema = DltHeaderInputSchema.extend({ id: z.string(), createdAt: z.string() }).meta({ id: 'DltHeader' });
export type DltHeader = z.infer<typeof DltHeaderSchema>;

/** POST /api/sms/dlt/templates and PUT /api/sms/dlt/templates/{id}. The category comes from the template as registered. */
export const DltTemplateInputSchema = z.object({
  name: z
    .string({ error: SMS_MESSAGES.templateNameRequired })
    .trim()
    .min(1, { error: SMS_MESSAGES.templateNameRequired })
    .max(DLT_TEMPLATE_NAME_MAX, { error: SMS_MESSAGES.templateNameTooLong }),
  headerId: uuid(SMS_MESSAGES.headerNotFound),
  category: DltCategorySchema,
  dltTemplateId: z
    .string({ error: SMS_MESSAGES.templateIdInvalid })
    .trim()
    .regex(DLT_ID_PATTERN, { error: SMS_MESSAGES.templateIdInvalid }),
  text: z
    .string({ error: SMS_MESSAGES.templateTextRequired })
    .trim()
    .min(1, { error: SMS_MESSAGES.templateTextRequired })
    .max(DLT_TEMPLATE_TEXT_MAX, { error: SMS_MESSAGES.templateTextTooLong })
    .refine((text) => dltVariableCount(text) <= DLT_TEMPLATE_MAX_VARIABLES, { error: SMS_MESSAGES.templateTooManyVariables }),
});
export type DltTemplateInput = z.input<typeof DltTemplateInputSchema>;

export const DltTemplateSchema = DltTemplateInputSchema.extend({
  id: z.string(),
  header: z.string(),
  /** The variables the business fills (a promotional template's last one is the opt-out link, filled by us). */
  variableCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: 'DltTemplate' });
export type DltTemplate = z.infer<typeof DltTemplateSchema>;

/** GET /api/sms/dlt: the business's whole DLT set-up. */
export const DltSetupSchema = z
  .object({
    entityId: z.string().nullable(),
    headers: z.array(DltHeaderSchema),
    templates: z.array(DltTemplateSchema),
  })
  .meta({ id: 'DltSetup' });
export type DltSetup = z.infer<typeof DltSetupSchema>;

export const SmsIdParamsSchema = z.object({ id: uuid(SMS_MESSAGES.campaignNotFound) });

// ── Campaigns ─────────────────────────────────────────────────────────────────────────────────────

export const SmsAudienceSchema = z.discriminatedUnion('kind', [
  /** Every contact with a consent record who has not opted out. */
  z.object({ kind: z.literal('all') }),
  /** Those of them with any of the tags. */
  z.object({
    kind: z.literal('tags'),
    tags: z.array(z.string().trim().toLowerCase().min(1).max(30)).min(1, { error: SMS_MESSAGES.tagsRequired }).max(20),
  }),
  /** One contact, if they have the channel's consent: a template reply from the WhatsApp inbox (ADR 050). */
  z.object({ kind: z.literal('contact'), contactId: uuid(SMS_MESSAGES.audienceEmpty) }),
]);
export type SmsAudience = z.infer<typeof SmsAudienceSchema>;

/** A template variable's value: the same text for everybody, or a field of each contact (trimmed to 30 characters). */
export const SmsVariableSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('text'),
    value: z
      .string({ error: SMS_MESSAGES.variableRequired })
      .trim()
      .min(1, { error: SMS_MESSAGES.variableRequired })
      .refine((v) => [...v].length <= DLT_VARIABLE_MAX_CHARS, { error: SMS_MESSAGES.variableTooLong })
      .refine((v) => !/[\r\n]/.test(v), { error: SMS_MESSAGES.variableOneLine }),
  }),
  z.object({ kind: z.literal('field'), field: z.enum(SMS_CONTACT_FIELDS) }),
]);
export type SmsVariable = z.infer<typeof SmsVariableSchema>;

export const CampaignChannelSchema = z.enum(CAMPAIGN_CHANNELS);

/** POST /api/sms/campaigns/audience: who would receive it, and who is left out and why. */
export const SmsAudienceRequestSchema = z.object({ audience: SmsAudienceSchema, channel: CampaignChannelSchema.default('sms') });

export const SmsAudiencePreviewSchema = z
  .object({
    /** Everybody who receives it, on either channel. */
    recipients: z.number().int(),
    /** Of them, those reached by WhatsApp (opted in to it); the others get an SMS. */
    whatsappRecipients: z.number().int(),
    /** Contacts the audience matched but who will not receive it. */
    leftOut: z.object({
      noConsent: z.number().int(),
      optedOut: z.number().int(),
      /** A WhatsApp-only campaign: contacts with SMS consent and no WhatsApp opt-in. */
      noWhatsApp: z.number().int(),
    }),
  })
  .meta({ id: 'SmsAudiencePreview' });
export type SmsAudiencePreview = z.infer<typeof SmsAudiencePreviewSchema>;

/** The parts of a campaign the business chooses; POST /api/sms/campaigns/preview takes them without name and schedule. */
export const SmsCampaignDraftSchema = z.object({
  channel: CampaignChannelSchema.default('sms'),
  /** The DLT template (SMS and WhatsApp-first campaigns). */
  templateId: uuid(SMS_MESSAGES.templateNotFound).nullable().default(null),
  audience: SmsAudienceSchema,
  variables: z.array(SmsVariableSchema).max(DLT_TEMPLATE_MAX_VARIABLES, { error: SMS_MESSAGES.variablesCount }).default([]),
  /** The approved WhatsApp template (WhatsApp and WhatsApp-first campaigns), and its `{{n}}` values in order. */
  whatsappTemplateId: uuid(SMS_MESSAGES.whatsappTemplateRequired).nullable().default(null),
  whatsappVariables: z
    .array(SmsVariableSchema)
    .max(DLT_TEMPLATE_MAX_VARIABLES, { error: SMS_MESSAGES.whatsappVariablesCount })
    .default([]),
});
export type SmsCampaignDraft = z.input<typeof SmsCampaignDraftSchema>;

/** One message as it would go out, for the preview. */
export const SmsSampleSchema = z.object({
  contactName: z.string(),
  to: z.string(),
  text: z.string(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  characters: z.number().int(),
  parts: z.number().int(),
  unicodeCulprit: z.string().nullable(),
});
export type SmsSample = z.infer<typeof SmsSampleSchema>;

/** POST /api/sms/campaigns/preview: the cost, computed as the send will charge it. */
export const SmsCostPreviewSchema = SmsAudiencePreviewSchema.extend({
  /** Every recipient's parts added up (names make messages differ in length). */
  totalParts: z.number().int(),
  minParts: z.number().int(),
  maxParts: z.number().int(),
  pricePaise: z.number().int(),
  /** totalParts × pricePaise: exactly what confirming reserves in the wallet. */
  costPaise: z.number().int(),
  balancePaise: z.number().int(),
  /** The first recipient's message (null when nobody receives it). */
  sample: SmsSampleSchema.nullable(),
  /** Delivered only 10:00–21:00 India time (promotional, service-explicit SMS; WhatsApp MARKETING). */
  windowApplies: z.boolean(),
  channel: CampaignChannelSchema,
  /** The SMS side: how many get an SMS and what those cost (totalParts × pricePaise). */
  smsRecipients: z.number().int(),
  smsCostPaise: z.number().int(),
  /** The WhatsApp side (null for an SMS campaign): one template message each at the category's price. */
  whatsapp: z
    .object({
      recipients: z.number().int(),
      category: z.string(),
      pricePaise: z.number().int(),
      costPaise: z.number().int(),
      sample: z.object({ contactName: z.string(), to: z.string(), text: z.string() }).nullable(),
    })
    .nullable(),
  /**
   * WhatsApp first: a WhatsApp message reported undelivered is refunded and an SMS goes instead,
   * charged then at the SMS price of its parts (null for other channels).
   */
  fallbackPricePaise: z.number().int().nullable(),
}).meta({ id: 'SmsCostPreview' });
export type SmsCostPreview = z.infer<typeof SmsCostPreviewSchema>;

/** POST /api/sms/campaigns: saves a draft; nothing is charged until it is confirmed. */
export const SmsCampaignInputSchema = SmsCampaignDraftSchema.extend({
  name: z
    .string({ error: SMS_MESSAGES.campaignNameRequired })
    .trim()
    .min(1, { error: SMS_MESSAGES.campaignNameRequired })
    .max(SMS_CAMPAIGN_NAME_MAX, { error: SMS_MESSAGES.campaignNameTooLong }),
  /** ISO time; null sends as soon as it is confirmed (and the window allows). */
  scheduledAt: z.iso.datetime({ offset: true, error: SMS_MESSAGES.scheduleInvalid }).nullable(),
});
export type SmsCampaignInput = z.input<typeof SmsCampaignInputSchema>;

/** POST /api/sms/campaigns/{id}/confirm: the cost the business saw; a different cost now answers 409 with the new one. */
export const SmsCampaignConfirmSchema = z.object({ expectedCostPaise: z.number().int().min(0) });

export const SMS_CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'waiting-for-window',
  'running',
  'paused',
  'cancelled',
  'completed',
  'stopped-by-admin',
] as const;
export type SmsCampaignStatus = (typeof SMS_CAMPAIGN_STATUSES)[number];

/** A message's life: queued → submitted → delivered | failed | expired; cancelled when its campaign ended before it went. */
export const SMS_MESSAGE_STATUSES = ['queued', 'submitted', 'delivered', 'failed', 'expired', 'cancelled'] as const;
export type SmsMessageStatus = (typeof SMS_MESSAGE_STATUSES)[number];

export const SmsProgressSchema = z.object({
  queued: z.number().int(),
  submitted: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  expired: z.number().int(),
  cancelled: z.number().int(),
});
export type SmsProgress = z.infer<typeof SmsProgressSchema>;

export const SmsCampaignSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    status: z.enum(SMS_CAMPAIGN_STATUSES),
    /** The admin's reason when stopped-by-admin. */
    stopReason: z.string().nullable(),
    channel: CampaignChannelSchema,
    /** The DLT template (null for a WhatsApp-only campaign). */
    template: z
      .object({ id: z.string(), name: z.string(), category: DltCategorySchema, header: z.string(), text: z.string() })
      .nullable(),
    /** The WhatsApp template (null for an SMS campaign). */
    whatsappTemplate: z
      .object({ id: z.string(), name: z.string(), language: z.string(), category: z.string(), body: z.string() })
      .nullable(),
    audience: SmsAudienceSchema,
    variables: z.array(SmsVariableSchema),
    whatsappVariables: z.array(SmsVariableSchema),
    /** Of the recipients, those sent a WhatsApp message first. */
    whatsappRecipients: z.number().int(),
    whatsappPricePaise: z.number().int(),
    scheduledAt: z.string().nullable(),
    /** When waiting-for-window (or scheduled into the night): the next 10:00 India time it will send at. */
    sendsAt: z.string().nullable(),
    recipients: z.number().int(),
    totalParts: z.number().int(),
    pricePaise: z.number().int(),
    /** Reserved when confirmed (0 for a draft). */
    costPaise: z.number().int(),
    /** Given back so far: failed messages and, after a cancel or stop, the unsent ones. */
    refundedPaise: z.number().int(),
    progress: SmsProgressSchema,
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
  })
  .meta({ id: 'SmsCampaign' });
export type SmsCampaign = z.infer<typeof SmsCampaignSchema>;

export const SmsCampaignListQuerySchema = z.object({
  status: z.enum(SMS_CAMPAIGN_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(SMS_PAGE_MAX).default(SMS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type SmsCampaignListQuery = z.input<typeof SmsCampaignListQuerySchema>;

export const SmsCampaignListSchema = z
  .object({ campaigns: z.array(SmsCampaignSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SmsCampaignList' });
export type SmsCampaignList = z.infer<typeof SmsCampaignListSchema>;

// ── SMS history ───────────────────────────────────────────────────────────────────────────────────

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: SMS_MESSAGES.dateInvalid });

/** GET /api/sms/history and GET /api/sms/history/export (CSV, same filters, no cursor). Days are India days, inclusive. */
export const SmsHistoryQuerySchema = z.object({
  campaignId: z.uuid({ error: SMS_MESSAGES.campaignNotFound }).optional(),
  status: z.enum(SMS_MESSAGE_STATUSES).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  from: day.optional(),
  to: day.optional(),
  /** Digits of the number (any part of it). */
  number: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,12}$/, { error: SMS_MESSAGES.numberInvalid })
    .optional(),
  limit: z.coerce.number().int().min(1).max(SMS_PAGE_MAX).default(SMS_PAGE_DEFAULT),
  cursor: z.string().max(200).optional(),
});
export type SmsHistoryQuery = z.input<typeof SmsHistoryQuerySchema>;

export const SmsHistoryRowSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    channel: z.enum(MESSAGE_CHANNELS),
    campaignId: z.string(),
    campaignName: z.string(),
    templateName: z.string(),
    header: z.string(),
    text: z.string(),
    encoding: z.enum(['GSM-7', 'UCS-2']),
    parts: z.number().int(),
    costPaise: z.number().int(),
    /** Refunded when failed or expired (once). */
    refunded: z.boolean(),
    status: z.enum(SMS_MESSAGE_STATUSES),
    error: z.string().nullable(),
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
    doneAt: z.string().nullable(),
  })
  .meta({ id: 'SmsHistoryRow' });
export type SmsHistoryRow = z.infer<typeof SmsHistoryRowSchema>;

export const SmsHistoryPageSchema = z
  .object({ messages: z.array(SmsHistoryRowSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'SmsHistoryPage' });
export type SmsHistoryPage = z.infer<typeof SmsHistoryPageSchema>;

// ── Admin ─────────────────────────────────────────────────────────────────────────────────────────

const businessRef = { businessId: z.string(), businessName: z.string() };

/** GET /api/admin/sms-history: every business's messages; `q` searches the business name. */
export const AdminSmsHistoryQuerySchema = SmsHistoryQuerySchema.extend({
  businessId: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminSmsHistoryQuery = z.input<typeof AdminSmsHistoryQuerySchema>;

export const AdminSmsHistoryPageSchema = z
  .object({ messages: z.array(SmsHistoryRowSchema.extend(businessRef)), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminSmsHistoryPage' });
export type AdminSmsHistoryPage = z.infer<typeof AdminSmsHistoryPageSchema>;

/** GET /api/admin/campaigns: `q` searches the campaign's and the business's name. */
export const AdminCampaignListQuerySchema = SmsCampaignListQuerySchema.extend({
  businessId: z.uuid().optional(),
  q: z.string().trim().max(100).optional(),
});
export type AdminCampaignListQuery = z.input<typeof AdminCampaignListQuerySchema>;

export const AdminCampaignSchema = SmsCampaignSchema.extend(businessRef).meta({ id: 'AdminSmsCampaign' });
export type AdminCampaign = z.infer<typeof AdminCampaignSchema>;

export const AdminCampaignListSchema = z
  .object({ campaigns: z.array(AdminCampaignSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'AdminSmsCampaignList' });
export type AdminCampaignList = z.infer<typeof AdminCampaignListSchema>;

/** POST /api/admin/campaigns/{id}/stop: the reason is shown to the business. */
export const AdminCampaignStopSchema = z.object({
  reason: z
    .string({ error: SMS_MESSAGES.stopReasonRequired })
    .trim()
    .min(1, { error: SMS_MESSAGES.stopReasonRequired })
    .max(SMS_STOP_REASON_MAX, { error: SMS_MESSAGES.stopReasonTooLong }),
});
