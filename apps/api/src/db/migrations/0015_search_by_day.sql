-- The search index by day (ADR 012): a search's index step can ask for the matches of the last days
-- only, so a term too common near a point for "every match" but too rare for a page a day is answered
-- from its posting lists within a few days instead of reading the posts of 16 days one by one. The
-- circle's cells, the days and the category are arrays (`&&` is a GIN operator; `= ANY` is not), so
-- one bitmap scan of this one index answers the cells, the days, the category and the terms together.
-- The UTC day a post was made, as days since 1970. extract(epoch) of a timestamptz does not depend on
-- the time zone, but date_part is only STABLE (other fields do); declared IMMUTABLE so an index can hold it.
CREATE OR REPLACE FUNCTION posts_day(created_at timestamptz)
RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(extract(epoch FROM created_at) / 86400)::int $$;
--> statement-breakpoint
DROP INDEX IF EXISTS posts_search_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_search_idx ON posts USING gin (
  (ARRAY[cell]),
  (ARRAY[posts_day(created_at)]),
  (ARRAY[lower(category)]),
  posts_search_text(content, category, city, state, hashtags) gin_trgm_ops,
  posts_tags_text(hashtags) gin_trgm_ops
);
--> statement-breakpoint
-- A search term's businesses by name (business or author), read once per search before its statement.
CREATE INDEX IF NOT EXISTS users_names_trgm_idx ON users USING gin (business_name gin_trgm_ops, name gin_trgm_ops);
