import { WHATSAPP_MESSAGE_STATUSES, WHATSAPP_TEMPLATE_CATEGORIES } from '@aaspaas/domain';
import { bigint, boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { posts } from './posts';
import { users } from './users';

/**
 * A business's WhatsApp Business number on the Cloud API (one per business). The access token is
 * kept encrypted (AES-256-GCM, token-cipher.ts); one number belongs to one business.
 */
export const whatsappConnections = pgTable('whatsapp_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumberId: text('phone_number_id').notNull().unique('whatsapp_connections_phone_unique'),
  wabaId: text('waba_id').notNull(),
  accessTokenEnc: text('access_token_enc').notNull(),
  tokenEnding: text('token_ending').notNull(),
  displayPhoneNumber: text('display_phone_number').notNull(),
  verifiedName: text('verified_name').notNull(),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  templatesSyncedAt: timestamp('templates_synced_at', { withTimezone: true }),
});
export type WhatsAppConnectionRow = typeof whatsappConnections.$inferSelect;

/** The price of a delivered template message per category: append-only, as the SMS price (docs/product.md §10). */
export const whatsappPrices = pgTable(
  'whatsapp_prices',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    category: text('category', { enum: WHATSAPP_TEMPLATE_CATEGORIES }).notNull(),
    pricePaise: integer('price_paise').notNull(),
    changedBy: text('changed_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_prices_category_idx').on(t.category, t.id)],
);

/** A template of the business's WhatsApp Business Account, as last synced or reported by the webhook. */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Meta's template id (the webhook names templates by it). */
    metaId: text('meta_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category', { enum: WHATSAPP_TEMPLATE_CATEGORIES }).notNull(),
    body: text('body').notNull(),
    variables: integer('variables').notNull(),
    status: text('status').notNull(),
    optOutButton: boolean('opt_out_button').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('whatsapp_templates_user_name_language_unique').on(t.userId, t.name, t.language),
    index('whatsapp_templates_meta_idx').on(t.metaId),
  ],
);
export type WhatsAppTemplateRow = typeof whatsappTemplates.$inferSelect;

/**
 * One WhatsApp message, out (a template or a reply) or in (a customer's). `wamid` is the Cloud API's
 * id: statuses find their message by it and an inbound message is stored once however often Meta
 * delivers its webhook (ADR 050).
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    direction: text('direction', { enum: ['out', 'in'] }).notNull(),
    /** The customer's WhatsApp id (country code and number, digits only). */
    waId: text('wa_id').notNull(),
    text: text('text').notNull(),
    templateName: text('template_name'),
    status: text('status', { enum: WHATSAPP_MESSAGE_STATUSES }).notNull(),
    wamid: text('wamid').unique('whatsapp_messages_wamid_unique'),
    /** A reply's key from the app: a second click or a retried request finds the first row and sends nothing. */
    idempotencyKey: text('idempotency_key').unique('whatsapp_messages_idempotency_unique'),
    /** The post a customer's enquiry names (its reference in the wa.me text). */
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'set null' }),
    /** When the business opened the conversation (a customer's message; null: new). */
    seenAt: timestamp('seen_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (t) => [
    index('whatsapp_messages_user_idx').on(t.userId, t.id),
    index('whatsapp_messages_user_wa_idx').on(t.userId, t.waId, t.id),
  ],
);
export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;
