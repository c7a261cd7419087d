ALTER TABLE "posts" ADD COLUMN "open_week" "int4multirange";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "closed_spans" "tstzmultirange";--> statement-breakpoint
-- The feed's "open now" filter reads a business's week and closures on each post's own row (ADR 055):
-- copies of business_week_hours and business_closures, kept here by triggers like owner_names (0023).
CREATE OR REPLACE FUNCTION business_open_week(owner uuid) RETURNS int4multirange LANGUAGE sql STABLE AS $$
  SELECT range_agg(int4range(h.from_minute, h.to_minute)) FROM business_week_hours h WHERE h.user_id = owner
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION business_closed_spans(owner uuid) RETURNS tstzmultirange LANGUAGE sql STABLE AS $$
  SELECT range_agg(tstzrange(c.starts_at, c.ends_at)) FROM business_closures c WHERE c.user_id = owner
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_open_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.open_week := business_open_week(NEW.user_id);
  NEW.closed_spans := business_closed_spans(NEW.user_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER posts_open_hours BEFORE INSERT OR UPDATE OF user_id ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_open_hours();--> statement-breakpoint
-- Once a statement, for the businesses it touched: writeOpeningHoursRows deletes a business's rows and
-- inserts its new ones, two statements a table, so its posts are written four times per save, not per row.
CREATE OR REPLACE FUNCTION hours_to_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts p SET open_week = business_open_week(p.user_id), closed_spans = business_closed_spans(p.user_id)
   WHERE p.user_id IN (SELECT DISTINCT t.user_id FROM changed t);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER week_hours_inserted_to_posts AFTER INSERT ON business_week_hours
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hours_to_posts();--> statement-breakpoint
CREATE TRIGGER week_hours_updated_to_posts AFTER UPDATE ON business_week_hours
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hours_to_posts();--> statement-breakpoint
CREATE TRIGGER week_hours_deleted_to_posts AFTER DELETE ON business_week_hours
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hours_to_posts();--> statement-breakpoint
CREATE TRIGGER closures_inserted_to_posts AFTER INSERT ON business_closures
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hours_to_posts();--> statement-breakpoint
CREATE TRIGGER closures_updated_to_posts AFTER UPDATE ON business_closures
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hours_to_posts();--> statement-breakpoint
CREATE TRIGGER closures_deleted_to_posts AFTER DELETE ON business_closures
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION hours_to_posts();--> statement-breakpoint
UPDATE posts p SET open_week = business_open_week(p.user_id), closed_spans = business_closed_spans(p.user_id)
 WHERE p.user_id IN (SELECT user_id FROM business_week_hours UNION SELECT user_id FROM business_closures);
