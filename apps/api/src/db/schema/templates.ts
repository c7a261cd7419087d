import { TEMPLATE_KINDS, type TemplateTextArea } from '@aaspaas/domain';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Template categories (docs/product.md §3: name), in the order the template browser shows them. */
export const templateCategories = pgTable('template_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    kind: text('kind', { enum: TEMPLATE_KINDS }).notNull().default('post'),
    backgroundUrl: text('background_url').notNull(),
    text: text('text').notNull(),
    textColor: text('text_color').notNull().default('#ffffff'),
    textArea: jsonb('text_area').$type<TemplateTextArea>().notNull(),
    defaultContent: text('default_content').notNull().default(''),
    defaultHashtags: text('default_hashtags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sortOrder: integer('sort_order').notNull().default(0),
    /** An admin can take a template out of the browser without deleting it. */
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_category_sort_idx').on(t.categoryId, t.sortOrder)],
);
export type TemplateRow = typeof templates.$inferSelect;
