import { TEMPLATE_KINDS, type TemplateTextArea } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Template categories (docs/product.md §3: name), in the order the template browser shows them. */
export const templateCategories = pgTable('template_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** The name in Hindi (platform content, the admin edits both); null: the English name is shown. */
  nameHi: text('name_hi'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** A retired category is no longer offered; its templates stay until moved. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Business categories: the feed's category menu, in the admin's order (docs/product.md). Posts and
 * profiles keep their category as text; a merge rewrites that text.
 */
export const businessCategories = pgTable(
  'business_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The name posts and profiles keep (and the feed's filter matches). */
    name: text('name').notNull(),
    /** The name shown in Hindi; null: the English name is shown. */
    nameHi: text('name_hi'),
    sortOrder: integer('sort_order').notNull().default(0),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The feed's category filter matches case-insensitively, so names are unique that way too.
  (t) => [uniqueIndex('business_categories_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * Post templates: a background picture and the text written over it (placeholders such as
 * {businessName} filled in per business), plus the post text and hashtags they prefill. Data, not
 * code: the starter set is seeded, an admin edits them later.
 */
export const templates = pgTable(
  'templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => templateCategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** The title shown in Hindi; null: the English title is shown. */
    titleHi: text('title_hi'),
    kind: text('kind', { enum: TEMPLATE_KINDS }).notNull().default('post'),
    backgroundUrl: text('background_url').notNull(),
    text: text('text').notNull(),
    /** The picture text in Hindi (the admin writes both); null: a Hindi screen gets the English one. */
    textHi: text('text_hi'),
    textColor: text('text_color').notNull().default('#ffffff'),
    textArea: jsonb('text_area').$type<TemplateTextArea>().notNull(),
    defaultContent: text('default_content').notNull().default(''),
    /** The post text in Hindi; null: a Hindi screen gets the English one. */
    defaultContentHi: text('default_content_hi'),
    defaultHashtags: text('default_hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An admin can take a template out of the browser without deleting it. */
    active: boolean('active').notNull().default(true),
    /** A festival set's name (Diwali, Holi, …), for the admin. */
    occasion: text('occasion'),
    /** The India days (inclusive) a seasonal template is offered to businesses; null: no limit. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_category_sort_idx').on(t.categoryId, t.sortOrder)],
);
export type TemplateRow = typeof templates.$inferSelect;
