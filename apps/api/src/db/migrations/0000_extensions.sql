-- Extensions first: they exist both in PostgreSQL and in PGlite (loaded by the db plugin).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS citext;
