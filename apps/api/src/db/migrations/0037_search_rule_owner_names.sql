-- migration: outside a transaction
-- One search rule (ADR 053): a text term matches the post's text, category, city, state, hashtags or its
-- business and author names (owner_names, kept by the triggers of migration 0023), all on the post's own
-- row, so the feed needs no lookup of the names and the index answers them too. posts_search_idx is made
-- again on that text, with the day key (a common rule's index step asks its last days first) and without
-- the span key the old search's windows asked (nothing asks it now). Built CONCURRENTLY beside the old
-- one, then swapped: posts stay writable while it builds (15 min at 10M posts); each statement is
-- harmless to run again after a failure half-way (ADR 045).
CREATE OR REPLACE FUNCTION posts_search_text(content text, category text, city text, state text, hashtags text[], owner_names text)
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$ BEGIN
  RETURN content || E'\n' || category || E'\n' || coalesce(city, '') || E'\n' || coalesce(state, '') || E'\n'
    || array_to_string(hashtags, E'\n') || E'\n' || coalesce(owner_names, '');
END $$;
--> statement-breakpoint
DROP STATISTICS IF EXISTS posts_search_text_trigrams;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS posts_search_text_trigrams ON (show_trgm(posts_search_text(content, category, city, state, hashtags, owner_names))) FROM posts;
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS posts_search_next_idx;
--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS posts_search_next_idx ON posts USING gin (
  (ARRAY[cell]),
  (ARRAY[posts_cell(lat, lon, 16)]),
  (ARRAY[posts_cell(lat, lon, 1)]),
  (ARRAY[lower(category)]),
  posts_category_cells(category, cell, lat, lon),
  (ARRAY[posts_day(created_at)]),
  posts_search_text(content, category, city, state, hashtags, owner_names) gin_trgm_ops,
  posts_tags_text(hashtags) gin_trgm_ops
);
--> statement-breakpoint
DROP INDEX CONCURRENTLY IF EXISTS posts_search_idx;
--> statement-breakpoint
ALTER INDEX IF EXISTS posts_search_next_idx RENAME TO posts_search_idx;
