import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/*
 * Prices are append-only: every change by the admin is a new row (who and when), and a charge
 * uses the newest row made before it (docs/product.md §10). With no row yet, the start values in
 * the domain apply.
 */

/** The price of one SMS segment. */
export const smsPrices = pgTable('sms_prices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  pricePaise: integer('price_paise').notNull(),
  changedBy: text('changed_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Free posts per India month, and the price of each post past them. */
export const postPrices = pgTable('post_prices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  freePostsPerMonth: integer('free_posts_per_month').notNull(),
  pricePerPostPaise: integer('price_per_post_paise').notNull(),
  changedBy: text('changed_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Versions of the subscription plans, by plan code. */
export const planVersions = pgTable(
  'plan_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    monthlyPricePaise: integer('monthly_price_paise').notNull(),
    /** null: unlimited posts. */
    postsPerMonth: integer('posts_per_month'),
    smsPricePaise: integer('sms_price_paise').notNull(),
    active: boolean('active').notNull(),
    changedBy: text('changed_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_versions_code_idx').on(t.code, t.id)],
);

/**
 * A business's plan purchases; at most one not ended. The plan's terms are copied at purchase and
 * at each renewal, so a price change reaches a business at its next renewal, not mid-period.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planCode: text('plan_code').notNull(),
    planName: text('plan_name').notNull(),
    monthlyPricePaise: integer('monthly_price_paise').notNull(),
    postsPerMonth: integer('posts_per_month'),
    smsPricePaise: integer('sms_price_paise').notNull(),
    /** 'active' | 'grace' | 'ended' */
    status: text('status').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    nextPlanCode: text('next_plan_code'),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.userId)
      .where(sql`status <> 'ended'`),
    index('subscriptions_due_idx')
      .on(t.periodEnd)
      .where(sql`status <> 'ended'`),
  ],
);
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Posts published per business per India month (YYYY-MM), counted when published and never
 * lowered: deleting a post does not give its free slot back.
 */
export const postMonthCounts = pgTable(
  'post_month_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    posts: integer('posts').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);
