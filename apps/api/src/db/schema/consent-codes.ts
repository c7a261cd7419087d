import { CONSENT_CODE_PURPOSES } from '@aaspaas/domain';
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './users';

/**
 * The live one-time code per (business, number, form) of the public join page: a new code replaces the
 * last one. Only the code's HMAC is kept (docs/security.md); a used code's row is deleted.
 */
export const consentCodes = pgTable(
  'consent_codes',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The 10-digit Indian form (normalizeIndianMobile). */
    mobileNumber: text('mobile_number').notNull(),
    purpose: text('purpose', { enum: CONSENT_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.mobileNumber, t.purpose] }),
    check('consent_codes_mobile_number_check', sql`${t.mobileNumber} ~ '^[6-9][0-9]{9}$'`),
  ],
);
export type ConsentCodeRow = typeof consentCodes.$inferSelect;
