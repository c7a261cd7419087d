-- The functions posts_search_idx is built on, rewritten so that a row's recheck does not run a query
-- (ADR 038). A LANGUAGE sql function the planner cannot inline is run, for every row, as a query of its
-- own (set up, run, shut down): 2–3 µs a call more than its expression. It inlines only when its body
-- calls nothing less than IMMUTABLE, and extract() of a timestamptz, array_to_string() and `text || int`
-- are STABLE (for other types' sake).
-- Each returns what it returned, for every value: the index's entries stay right and nothing is rebuilt.
--
-- The day and the span: extract() of a timestamp, which is IMMUTABLE, of the instant in UTC.
CREATE OR REPLACE FUNCTION posts_day(created_at timestamptz)
RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(extract(epoch FROM created_at AT TIME ZONE 'UTC') / 86400)::int $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_span(created_at timestamptz)
RETURNS int LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT floor(extract(epoch FROM created_at AT TIME ZONE 'UTC') / (86400 * 16))::int $$;
--> statement-breakpoint
-- The cells as text through a cast (int4out, IMMUTABLE), as `text || int` wrote them.
CREATE OR REPLACE FUNCTION posts_category_cells(category text, cell int, lat float8, lon float8)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT ARRAY[
  '16:' || (floor(lat * 16)::int * 10000 + floor(lon * 16)::int)::text || ':' || lower(category),
  '4:' || cell::text || ':' || lower(category),
  '1:' || (floor(lat)::int * 10000 + floor(lon)::int)::text || ':' || lower(category)
] $$;
--> statement-breakpoint
-- The texts join the hashtags, which nothing IMMUTABLE does: PL/pgSQL, which keeps its expression's
-- plan for the session, costs under 1 µs a call more.
CREATE OR REPLACE FUNCTION posts_search_text(content text, category text, city text, state text, hashtags text[])
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$ BEGIN
  RETURN content || E'\n' || category || E'\n' || coalesce(city, '') || E'\n' || coalesce(state, '') || E'\n' || array_to_string(hashtags, E'\n');
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_tags_text(hashtags text[])
RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$ BEGIN
  RETURN ' ' || array_to_string(hashtags, ' ');
END $$;
