import {
  CAMPAIGN_CHANNELS,
  DLT_CATEGORIES,
  MESSAGE_CHANNELS,
  SMS_CAMPAIGN_STATUSES,
  SMS_MESSAGE_STATUSES,
  type SmsAudience,
  type SmsVariable,
  WHATSAPP_TEMPLATE_CATEGORIES,
} from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { users } from './users';
import { whatsappTemplates } from './whatsapp';

/** A business's DLT principal entity (one per business). */
export const smsDltEntities = pgTable('sms_dlt_entities', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  entityId: text('entity_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A registered header (sender ID) of a business. */
export const smsHeaders = pgTable(
  'sms_headers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    header: text('header').notNull(),
    category: text('category', { enum: DLT_CATEGORIES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('sms_headers_user_header_unique').on(t.userId, t.header)],
);
export type SmsHeaderRow = typeof smsHeaders.$inferSelect;

/** A registered content template of a business, its text exactly as on DLT. */
export const smsTemplates = pgTable(
  'sms_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    headerId: uuid('header_id')
      .notNull()
      .references(() => smsHeaders.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    category: text('category', { enum: DLT_CATEGORIES }).notNull(),
    dltTemplateId: text('dlt_template_id').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('sms_templates_user_dlt_unique').on(t.userId, t.dltTemplateId)],
);
export type SmsTemplateRow = typeof smsTemplates.$inferSelect;

/**
 * A campaign. What it sends (header, entity, template id and text) is copied in when it is confirmed,
 * so editing the template later never changes a campaign already paid for.
 */
export const smsCampaigns = pgTable(
  'sms_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => smsTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    status: text('status', { enum: SMS_CAMPAIGN_STATUSES }).notNull().default('draft'),
    stopReason: text('stop_reason'),
    audience: jsonb('audience').$type<SmsAudience>().notNull(),
    variables: jsonb('variables').$type<SmsVariable[]>().notNull(),
    /** sms, whatsapp or whatsapp-first (ADR 050); the DLT columns are null for a WhatsApp-only campaign. */
    channel: text('channel', { enum: CAMPAIGN_CHANNELS }).notNull().default('sms'),
    templateName: text('template_name'),
    category: text('category', { enum: DLT_CATEGORIES }),
    header: text('header'),
    entityId: text('entity_id'),
    dltTemplateId: text('dlt_template_id'),
    templateText: text('template_text'),
    /** The WhatsApp template, copied in like the DLT one (null for an SMS campaign). */
    whatsappTemplateId: uuid('whatsapp_template_id').references(() => whatsappTemplates.id, { onDelete: 'set null' }),
    whatsappVariables: jsonb('whatsapp_variables').$type<SmsVariable[]>().notNull().default([]),
    whatsappTemplateName: text('whatsapp_template_name'),
    whatsappLanguage: text('whatsapp_language'),
    whatsappCategory: text('whatsapp_category', { enum: WHATSAPP_TEMPLATE_CATEGORIES }),
    whatsappBody: text('whatsapp_body'),
    whatsappPricePaise: integer('whatsapp_price_paise').notNull().default(0),
    whatsappRecipients: integer('whatsapp_recipients').notNull().default(0),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** The earliest time the sender may send its next batch (the schedule, or the next 10:00 IST). */
    sendsAt: timestamp('sends_at', { withTimezone: true }),
    pricePaise: integer('price_paise').notNull().default(0),
    recipients: integer('recipients').notNull().default(0),
    totalParts: integer('total_parts').notNull().default(0),
    costPaise: integer('cost_paise').notNull().default(0),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('sms_campaigns_user_idx').on(t.userId, t.createdAt, t.id),
    index('sms_campaigns_created_idx').on(t.createdAt, t.id),
    check('sms_campaigns_refund_le_cost', sql`${t.refundedPaise} <= ${t.costPaise}`),
  ],
);
export type SmsCampaignRow = typeof smsCampaigns.$inferSelect;

/**
 * One message: one row per (campaign, recipient), written when the campaign is confirmed. Its state
 * machine (queued → submitted → delivered | failed | expired; cancelled) and `claimed_at` make a
 * crash neither send twice nor charge twice (ADR sms-sending).
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => smsCampaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    to: text('to').notNull(),
    /** sms, or whatsapp (a template message through the business's Cloud API number). */
    channel: text('channel', { enum: MESSAGE_CHANNELS }).notNull().default('sms'),
    text: text('text').notNull(),
    /** A WhatsApp message's template parameters ({{1}} … in order). */
    params: jsonb('params').$type<string[]>(),
    /** An SMS sent because this campaign's WhatsApp message (this id) was reported undelivered. */
    fallbackOf: bigint('fallback_of', { mode: 'number' }),
    encoding: text('encoding', { enum: ['GSM-7', 'UCS-2'] }).notNull(),
    parts: integer('parts').notNull(),
    costPaise: integer('cost_paise').notNull(),
    status: text('status', { enum: SMS_MESSAGE_STATUSES }).notNull().default('queued'),
    /**
     * Sent to the provider with the message; a provider that dedupes by it never delivers a retry twice.
     * The campaign's id and the number, and `:wa` for WhatsApp (insertMessages): unique as
     * sms_messages_campaign_to_channel_unique is, so no index of its own to write with every message.
     */
    idempotencyKey: text('idempotency_key').notNull(),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** Set while a sender hands the message to the provider: an answer that never came leaves it set. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Not before this time (a temporary error's back-off). */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    // One message per channel per customer: a WhatsApp-first campaign's SMS fallback happens at most once.
    unique('sms_messages_campaign_to_channel_unique').on(t.campaignId, t.to, t.channel),
    index('sms_messages_campaign_status_idx').on(t.campaignId, t.status, t.id),
    index('sms_messages_user_idx').on(t.userId, t.id),
    index('sms_messages_provider_idx').on(t.providerMessageId),
  ],
);
export type SmsMessageRow = typeof smsMessages.$inferSelect;
