import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts';

/**
 * One like per visitor per post; posts.likes_count is kept in step in the same transaction. A like
 * `counted` false is held: sent with a new id from a busy address beyond what such ids may add (ADR
 * 049); it counts once that id is confirmed.
 */
export const postLikes = pgTable(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    counted: boolean('counted').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // created_at: the admin's list of posts whose counts rise abnormally fast reads the last day;
  // held: a confirmed id's held likes, found by its id (few rows: only held ones are in it).
  (t) => [
    primaryKey({ columns: [t.postId, t.visitorId] }),
    index('post_likes_created_idx').on(t.createdAt),
    index('post_likes_held_idx')
      .on(t.visitorId)
      .where(sql`NOT ${t.counted}`),
  ],
);

/** A visitor's view counts once per post per India calendar day (ADR 003). */
export const postViews = pgTable(
  'post_views',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day, t.visitorId] }), index('post_views_created_idx').on(t.createdAt)],
);

/**
 * A visitor's share or WhatsApp tap on a post counts once per post per India calendar day, as views do
 * (ADR 003): `name` is the event (post_share, post_whatsapp). posts.shares_count / whatsapp_count move
 * only when a row is inserted here, in the same transaction. The raw events stay in analytics_events.
 */
export const postShares = pgTable(
  'post_shares',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    day: date('day').notNull(),
    visitorId: text('visitor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.name, t.day, t.visitorId] }), index('post_shares_created_idx').on(t.createdAt)],
);

/** Analytics events sent by the client in batches (docs/product.md §7). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    visitorId: text('visitor_id'),
    postId: uuid('post_id'),
    businessId: uuid('business_id'),
    path: text('path'),
    props: jsonb('props'),
    clientTs: timestamp('client_ts', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_post_idx').on(t.postId, t.createdAt),
    index('analytics_events_business_idx').on(t.businessId, t.createdAt),
    index('analytics_events_name_created_idx').on(t.name, t.createdAt),
  ],
);
