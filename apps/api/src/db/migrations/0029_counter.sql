CREATE TABLE "business_closures" (
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_week_hours" (
	"user_id" uuid NOT NULL,
	"from_minute" integer NOT NULL,
	"to_minute" integer NOT NULL,
	CONSTRAINT "business_week_hours_span" CHECK (0 <= "business_week_hours"."from_minute" AND "business_week_hours"."from_minute" < "business_week_hours"."to_minute" AND "business_week_hours"."to_minute" <= 10080)
);
--> statement-breakpoint
CREATE TABLE "offer_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"visitor_id" text NOT NULL,
	"code" text NOT NULL,
	"amount_paise" integer,
	"received_paise" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hours" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "closed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "stock_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "stock_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business_closures" ADD CONSTRAINT "business_closures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_week_hours" ADD CONSTRAINT "business_week_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_claims" ADD CONSTRAINT "offer_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_closures_user_idx" ON "business_closures" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "business_week_hours_user_idx" ON "business_week_hours" USING btree ("user_id","from_minute","to_minute");--> statement-breakpoint
CREATE INDEX "offer_claims_user_created_idx" ON "offer_claims" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_claims_user_code_idx" ON "offer_claims" USING btree ("user_id","code");--> statement-breakpoint
CREATE INDEX "offer_claims_post_idx" ON "offer_claims" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "offer_claims_visitor_created_idx" ON "offer_claims" USING btree ("visitor_id","created_at");