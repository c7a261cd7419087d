-- The business and author names of a post's account, on the post (ADR 017): the admin's search walks
-- the posts newest first and decides each on its own row, where reading each post's account cost three
-- blocks a post, and hashing every account a word names read the accounts table once per word.
ALTER TABLE "posts" ADD COLUMN "owner_names" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION posts_owner_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.business_name || E'\n' || u.name INTO NEW.owner_names FROM users u WHERE u.id = NEW.user_id;
  NEW.owner_names := coalesce(NEW.owner_names, '');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_owner_names BEFORE INSERT OR UPDATE OF user_id ON posts
  FOR EACH ROW EXECUTE FUNCTION posts_owner_names();
--> statement-breakpoint
-- A renamed business (or author) is found by its new names at once: its posts follow in the same transaction.
CREATE OR REPLACE FUNCTION users_owner_names_to_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET owner_names = NEW.business_name || E'\n' || NEW.name WHERE user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_owner_names_to_posts AFTER UPDATE OF business_name, name ON users
  FOR EACH ROW WHEN (OLD.business_name IS DISTINCT FROM NEW.business_name OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION users_owner_names_to_posts();
--> statement-breakpoint
UPDATE posts p SET owner_names = u.business_name || E'\n' || u.name FROM users u WHERE u.id = p.user_id;
