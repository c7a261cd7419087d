CREATE TABLE "post_tags" (
	"post_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"category" text NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_pk" PRIMARY KEY("post_id","tag")
);
--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- post_tags follows its post (ADR 035): its hashtags, time, place and category, in the transaction
-- that writes them. A deleted post's rows go by the foreign key.
CREATE OR REPLACE FUNCTION post_tags_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM post_tags WHERE post_id = OLD.id;
  END IF;
  INSERT INTO post_tags (post_id, tag, created_at, lat, lon, category)
    SELECT DISTINCT NEW.id, t.tag, NEW.created_at, NEW.lat, NEW.lon, lower(NEW.category)
    FROM unnest(NEW.hashtags) AS t(tag) WHERE t.tag IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER post_tags_insert AFTER INSERT ON posts
  FOR EACH ROW EXECUTE FUNCTION post_tags_sync();
--> statement-breakpoint
CREATE TRIGGER post_tags_update AFTER UPDATE OF hashtags, created_at, lat, lon, category ON posts
  FOR EACH ROW WHEN (OLD.hashtags IS DISTINCT FROM NEW.hashtags OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.lat IS DISTINCT FROM NEW.lat OR OLD.lon IS DISTINCT FROM NEW.lon OR OLD.category IS DISTINCT FROM NEW.category)
  EXECUTE FUNCTION post_tags_sync();
--> statement-breakpoint
-- In the order the posts were made, as the triggers write it from now on: a tag's range, newest first,
-- then reads the table's visibility map a page at a time (in another order, a tag's 2,000 entries at
-- 10M posts read it 1,570 times).
INSERT INTO post_tags (post_id, tag, created_at, lat, lon, category)
  SELECT p.id, t.tag, p.created_at, p.lat, p.lon, lower(p.category)
  FROM posts p CROSS JOIN LATERAL (SELECT DISTINCT tag FROM unnest(p.hashtags) AS u(tag) WHERE tag IS NOT NULL) AS t
  ORDER BY p.created_at, p.id;
--> statement-breakpoint
-- A tag's posts newest first, and a prefix's posts as one range: "C" orders by code point, so every
-- tag starting with a term lies between the term and the term with its last character advanced.
-- INCLUDE: the search filters the range by place and category without reading the posts (ADR 035).
CREATE INDEX IF NOT EXISTS post_tags_tag_created_idx ON post_tags ((tag COLLATE "C"), created_at DESC, post_id DESC)
  INCLUDE (lat, lon, category);
