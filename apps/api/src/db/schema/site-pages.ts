import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Landing page content (about, contact, terms, privacy), edited by the admin later. */
export const sitePages = pgTable('site_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
