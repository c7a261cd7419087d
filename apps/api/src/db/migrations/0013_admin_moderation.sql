CREATE TABLE "admin_audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admin_audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"admin_id" uuid NOT NULL,
	"admin_email" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_reports" (
	"post_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_reports_post_id_visitor_id_pk" PRIMARY KEY("post_id","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_note" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "review_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "open_reports" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "last_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "post_reports" ADD CONSTRAINT "post_reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_action_idx" ON "admin_audit_log" USING btree ("action","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_admin_idx" ON "admin_audit_log" USING btree ("admin_email","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "admin_audit_log_created_idx" ON "admin_audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_reported_idx" ON "posts" USING btree ("last_reported_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE open_reports > 0;--> statement-breakpoint
CREATE INDEX "posts_review_requested_idx" ON "posts" USING btree ("review_requested_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE review_requested_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_hidden_idx" ON "posts" USING btree ("hidden_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE hidden_at IS NOT NULL;--> statement-breakpoint
-- The audit log is append-only: the database itself refuses to change or remove a row, whatever
-- code runs (docs/product.md §2, Admin routes).
CREATE OR REPLACE FUNCTION admin_audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_refuse_change();
--> statement-breakpoint
-- The admin's search of accounts (email, name, business name, phones) as a substring: trigrams, so
-- 100,000 accounts are not read one by one. IMMUTABLE: concat_ws of text is, but is declared STABLE.
CREATE OR REPLACE FUNCTION users_search_text(username text, name text, business_name text, business_phone text, mobile_number text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT username || E'\n' || name || E'\n' || business_name || E'\n' || coalesce(business_phone, '') || E'\n' || coalesce(mobile_number, '') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_idx ON users USING gin (
  users_search_text(username, name, business_name, business_phone, mobile_number) gin_trgm_ops
);
