-- Search without scanning (ADR 012). btree_gin lets the grid cell sit in the same GIN index as the
-- trigrams, so a search near a point reads only the posting lists of its cells' matching posts.
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- The text a word term is matched against on the post itself (the business and author names live in
-- users). Declared IMMUTABLE so an index can hold it: array_to_string is only STABLE because of other
-- element types' output functions; for text[] it depends on nothing but its input.
CREATE OR REPLACE FUNCTION posts_search_text(content text, category text, city text, state text, hashtags text[])
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT content || E'\n' || category || E'\n' || coalesce(city, '') || E'\n' || coalesce(state, '') || E'\n' || array_to_string(hashtags, E'\n') $$;
--> statement-breakpoint
-- The hashtags, each after a space: a '#term' matches a tag by prefix, so ' term' is in this text.
CREATE OR REPLACE FUNCTION posts_tags_text(hashtags text[])
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT ' ' || array_to_string(hashtags, ' ') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_search_idx ON posts USING gin (
  cell,
  posts_search_text(content, category, city, state, hashtags) gin_trgm_ops,
  posts_tags_text(hashtags) gin_trgm_ops
);
