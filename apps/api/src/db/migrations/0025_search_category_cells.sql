-- A post's place and category as one key (ADR 031): its cell on each of the feed's grids (1/16°, 0.25°,
-- 1°, ADR 024) with its category lowercased, as 'grid:cell:category'. A search with a category near a
-- point asks posts_search_idx for these keys: their posting lists hold only the circle's posts of that
-- category, where the cells' own lists (every post of a city's cells) had to be advanced to every
-- candidate. The grid and the cell are integers, so the category after the second ':' may hold anything.
-- The cells are written out as posts_cell (migration 0024) writes them: an index is built with a search
-- path of pg_catalog only, where a function of ours calling another of ours would not find it.
CREATE OR REPLACE FUNCTION posts_category_cells(category text, cell int, lat float8, lon float8)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT ARRAY[
  '16:' || (floor(lat * 16)::int * 10000 + floor(lon * 16)::int) || ':' || lower(category),
  '4:' || cell || ':' || lower(category),
  '1:' || (floor(lat)::int * 10000 + floor(lon)::int) || ':' || lower(category)
] $$;
--> statement-breakpoint
DROP INDEX IF EXISTS posts_search_idx;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_search_idx ON posts USING gin (
  (ARRAY[cell]),
  (ARRAY[posts_cell(lat, lon, 16)]),
  (ARRAY[posts_cell(lat, lon, 1)]),
  (ARRAY[posts_day(created_at)]),
  (ARRAY[posts_span(created_at)]),
  (ARRAY[lower(category)]),
  posts_category_cells(category, cell, lat, lon),
  posts_search_text(content, category, city, state, hashtags) gin_trgm_ops,
  posts_tags_text(hashtags) gin_trgm_ops
);
