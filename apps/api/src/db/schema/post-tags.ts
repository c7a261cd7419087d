import { doublePrecision, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { posts } from './posts';

/**
 * Each hashtag of a post as a row, with what a search filters on (its time, place and lower-cased
 * category), kept by a trigger on posts (migration 0026). A `#term` few posts carry is answered from
 * post_tags_tag_created_idx (tag COLLATE "C", created_at DESC, post_id DESC) INCLUDE (lat, lon,
 * category), in the migration by hand: drizzle cannot express INCLUDE. The posts holding a tag that
 * starts with the term are one range of it, read without the posts table (ADR 035).
 */
export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    category: text('category').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tag] })],
);
