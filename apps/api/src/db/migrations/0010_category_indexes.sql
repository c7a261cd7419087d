-- The category filter (case-insensitive exact) in the listings' order: a rare category near a point
-- or India-wide walks its own range and stops after a page, instead of testing every post of a cell
-- or of the whole table (ADR 012).
CREATE INDEX IF NOT EXISTS posts_category_created_idx ON posts (lower(category), created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_cell_category_created_idx ON posts (cell, lower(category), created_at DESC, id DESC) INCLUDE (lat, lon);
