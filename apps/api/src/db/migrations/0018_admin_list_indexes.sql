-- The admin's lists at 100,000 businesses and 1,000,000 posts (docs/performance.md, Admin lists).
-- The moderation list filtered by city, alone or with a category, newest first: each walks its own
-- range and stops after a page. Without them a city and category with few posts in common walked
-- the whole category range (30,800 blocks, ~150 ms at 1M posts).
CREATE INDEX IF NOT EXISTS posts_city_created_idx ON posts (lower(city), created_at DESC, id DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS posts_city_category_created_idx ON posts (lower(city), lower(category), created_at DESC, id DESC);
--> statement-breakpoint
-- The featured businesses, most recently featured first (the dashboard and Business Cards' filter):
-- few rows, so a small partial index instead of reading every account.
CREATE INDEX IF NOT EXISTS users_featured_idx ON users (featured_at DESC, created_at DESC, id DESC) WHERE featured_at IS NOT NULL;
