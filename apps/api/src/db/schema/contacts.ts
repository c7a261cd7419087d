import { CONSENT_CHANNELS, CONTACT_SOURCES, WHATSAPP_CONSENT_METHODS } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A business's customers (docs/product.md §3 Contact) with the consent record the SMS campaigns rely on.
 * One contact per mobile number per business: the unique constraint also settles concurrent adds.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The 10-digit Indian form (normalizeIndianMobile). */
    mobileNumber: text('mobile_number').notNull(),
    email: text('email'),
    notes: text('notes'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    birthday: date('birthday', { mode: 'string' }),
    anniversary: date('anniversary', { mode: 'string' }),
    source: text('source', { enum: CONTACT_SOURCES }).notNull().default('manual'),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentChannel: text('consent_channel', { enum: CONSENT_CHANNELS }),
    optedOut: boolean('opted_out').notNull().default(false),
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** WhatsApp opt-in, apart from the SMS consent (ADR 050); a STOP ends it and sets whatsapp_opted_out_at. */
    whatsappConsentAt: timestamp('whatsapp_consent_at', { withTimezone: true }),
    whatsappConsentMethod: text('whatsapp_consent_method', { enum: WHATSAPP_CONSENT_METHODS }),
    whatsappConsentProof: text('whatsapp_consent_proof'),
    whatsappOptedOutAt: timestamp('whatsapp_opted_out_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('contacts_user_mobile_unique').on(t.userId, t.mobileNumber),
    // The list's order and keyset: a page of a 10,000-contact business is one index range, no sort.
    index('contacts_user_name_idx').on(t.userId, sql`lower(${t.name})`, t.id),
    check('contacts_mobile_number_check', sql`${t.mobileNumber} ~ '^[6-9][0-9]{9}$'`),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;
