-- The feed's grids by radius (ADR 024): a circle is walked on the grid whose cells are about its
-- radius — 1/16° (~7 km), posts.cell's 0.25° (~28 km) or 1° (~111 km) — so it touches a handful of
-- cells, each one index range to find, instead of up to 200 cells of 0.25° at 200 km. The cell of a
-- post on the 1/16° and 1° grids, row × 10000 + column (posts.cell's own formula has × 1000, too few
-- columns for 1/16°). IMMUTABLE so the indexes can hold it.
CREATE OR REPLACE FUNCTION posts_cell(lat float8, lon float8, per_degree int)
RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(lat * per_degree)::int * 10000 + floor(lon * per_degree)::int $$;
--> statement-breakpoint
-- The 16-day span of a post (days since 1970 / 16): a search's windows of weeks or months are a few
-- span keys of posts_search_idx instead of a key per day (each 3–5 buffers to find in every step).
CREATE OR REPLACE FUNCTION posts_span(created_at timestamptz)
RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(extract(epoch FROM created_at) / (86400 * 16))::int $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_fine_cell_created_idx ON posts (posts_cell(lat, lon, 16), created_at DESC, id DESC) INCLUDE (lat, lon);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_coarse_cell_created_idx ON posts (posts_cell(lat, lon, 1), created_at DESC, id DESC) INCLUDE (lat, lon);
--> statement-breakpoint
-- With the category filter, as posts_cell_category_created_idx is for 0.25° (migration 0010).
CREATE INDEX IF NOT EXISTS posts_fine_cell_category_created_idx ON posts (posts_cell(lat, lon, 16), lower(category), created_at DESC, id DESC) INCLUDE (lat, lon);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_coarse_cell_category_created_idx ON posts (posts_cell(lat, lon, 1), lower(category), created_at DESC, id DESC) INCLUDE (lat, lon);
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
  posts_search_text(content, category, city, state, hashtags) gin_trgm_ops,
  posts_tags_text(hashtags) gin_trgm_ops
);
