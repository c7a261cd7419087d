import { sql } from 'drizzle-orm';
import { boolean, customType, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Posts and offers (docs/product.md §3). `cell` is a 0.25° grid cell (~28 km) derived from lat/lon; the
 * 1/16° and 1° cells are `posts_cell(lat, lon, 16 | 1)` (migration 0024). The feed walks one (cell,
 * created_at, id) index range per cell of the grid it chose near the point and stops after a page
 * (ADR 024), instead of sorting every post within the radius.
 */
/** PostgreSQL's multiranges (14+), read as their text: only SQL looks inside them (openNowFilter). */
const int4multirange = customType<{ data: string }>({ dataType: () => 'int4multirange' });
const tstzmultirange = customType<{ data: string }>({ dataType: () => 'tstzmultirange' });

export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    content: text('content').notNull(),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mrpPaise: integer('mrp_paise'),
    ourPricePaise: integer('our_price_paise'),
    homeDelivery: boolean('home_delivery'),
    city: text('city'),
    state: text('state'),
    country: text('country').default('India'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** True when the owner placed this post by hand; false: it took the business profile's location. */
    locationOverridden: boolean('location_overridden').notNull().default(false),
    cell: integer('cell').generatedAlwaysAs(sql`(floor(lat * 4)::int * 1000 + floor(lon * 4)::int)`),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    likesCount: integer('likes_count').notNull().default(0),
    viewsCount: integer('views_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    sharesCount: integer('shares_count').notNull().default(0),
    whatsappCount: integer('whatsapp_count').notNull().default(0),
    /**
     * Moderation (docs/product.md §2, Admin routes): set while the post is hidden from everyone but its owner, with the
     * reason's code (POST_HIDE_REASONS, 'reports' when visitors' reports hid it, 'suspended' with its
     * business) and the admin's note, which the owner sees.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenNote: text('hidden_note'),
    /** The owner asked the admin to look at the post again (an appeal); cleared when the admin decides. */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
    /** Visitors' reports since the admin last decided on the post, and when the latest came. */
    openReports: integer('open_reports').notNull().default(0),
    lastReportedAt: timestamp('last_reported_at', { withTimezone: true }),
    /**
     * The business and author names of the post's account, `business_name || E'\n' || name`, kept by
     * triggers (migration 0023): the admin's search matches a term against them on the post's own row
     * while it walks the posts newest first, instead of reading the account of every post (ADR 017).
     */
    ownerNames: text('owner_names').notNull().default(''),
    /**
     * The business's week (business_week_hours, minutes of the week) and closures (business_closures)
     * on each of its posts, kept by triggers (migration 0038): the feed's "open now" filter checks them
     * on the row a walk reads anyway, instead of two index lookups per row (ADR 055). Null: no hours.
     */
    openWeek: int4multirange('open_week'),
    closedSpans: tstzmultirange('closed_spans'),
    /** Live stock (docs/product.md §3): 'soldOut' or 'freshAt', shown until `stock_until`; it never changes the feed's order. */
    stockStatus: text('stock_status'),
    stockUntil: timestamp('stock_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // NULLS FIRST is DESC's default, so these match the listings' plain `ORDER BY created_at DESC, id
    // DESC` and a page stops after its rows; with NULLS LAST PostgreSQL read and sorted every post.
    index('posts_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admin's queue and the hidden filter: few rows each, so small partial indexes.
    index('posts_reported_idx')
      .on(t.lastReportedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`open_reports > 0`),
    index('posts_review_requested_idx')
      .on(t.reviewRequestedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`review_requested_at IS NOT NULL`),
    index('posts_hidden_idx')
      .on(t.hiddenAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden_at IS NOT NULL`),
    // posts_cell_created_idx (cell, created_at DESC, id DESC) INCLUDE (lat, lon) and its 1/16° and 1° twins (migration
    // 0024) are in hand-written migrations: drizzle cannot express INCLUDE.
  ],
);
export type PostRow = typeof posts.$inferSelect;
