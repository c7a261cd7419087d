CREATE TABLE "site_page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "policies_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "template_categories" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "occasion" text;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "ends_on" date;--> statement-breakpoint
ALTER TABLE "site_page_versions" ADD CONSTRAINT "site_page_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_page_versions_slug_idx" ON "site_page_versions" USING btree ("slug","published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "business_categories_name_idx" ON "business_categories" USING btree (lower("name"));--> statement-breakpoint
-- The pages published so far become each page's first kept version.
INSERT INTO "site_page_versions" ("slug", "title", "body", "published_at") SELECT "slug", "title", "body", "updated_at" FROM "site_pages";--> statement-breakpoint
-- The feed's menu so far (live posts' categories, most used first) becomes the admin's ordered list.
INSERT INTO "business_categories" ("name", "sort_order")
SELECT min("category"), (row_number() OVER (ORDER BY count(*) DESC, min("category")))::int
FROM "posts" WHERE "category" <> '' GROUP BY lower("category");
