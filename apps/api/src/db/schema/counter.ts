import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts';
import { users } from './users';

/**
 * A business's week as minutes of the week in India time (Monday 00:00 = 0), [from_minute, to_minute):
 * users.hours written as weeklyOpenMinutes makes them (docs/product.md §3, Opening hours). Rewritten
 * with users.hours; triggers copy a business's rows onto its posts (posts.open_week, migration 0038),
 * where the feed's "open now" filter reads them (ADR 055).
 */
export const businessWeekHours = pgTable(
  'business_week_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromMinute: integer('from_minute').notNull(),
    toMinute: integer('to_minute').notNull(),
  },
  (t) => [
    index('business_week_hours_user_idx').on(t.userId, t.fromMinute, t.toMinute),
    check('business_week_hours_span', sql`0 <= ${t.fromMinute} AND ${t.fromMinute} < ${t.toMinute} AND ${t.toMinute} <= 10080`),
  ],
);

/** When a business is closed whatever its week says (closedSpans): its holidays and the one-tap closure. */
export const businessClosures = pgTable(
  'business_closures',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('business_closures_user_idx').on(t.userId, t.endsAt)],
);

/**
 * A visitor's claim of an offer (docs/product.md §3, Claims): a short code shown at the counter, marked
 * redeemed by the business with the amount it received. No money passes through Aaspaas (ADR 049).
 */
export const offerClaims = pgTable(
  'offer_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The offer's business: every business query names it, so another's claim behaves like a missing one. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    code: text('code').notNull(),
    /** The offer's price when claimed. */
    amountPaise: integer('amount_paise'),
    receivedPaise: integer('received_paise'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('offer_claims_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('offer_claims_user_code_idx').on(t.userId, t.code),
    index('offer_claims_post_idx').on(t.postId),
    index('offer_claims_visitor_created_idx').on(t.visitorId, t.createdAt),
  ],
);
export type OfferClaimRow = typeof offerClaims.$inferSelect;
