CREATE TABLE "email_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_verifications_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_verifications_user_idx" ON "email_verifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "post_likes_created_idx" ON "post_likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_shares_created_idx" ON "post_shares" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "post_views_created_idx" ON "post_views" USING btree ("created_at");--> statement-breakpoint
-- Existing accounts start unverified: nobody ever proved they read their address. Two kinds are
-- verified at once: the demo owner (our own published address), and accounts that only Google ever
-- signed into (no password: the address came from Google, verified). An account that has a password
-- and a Google link stays unverified until its next Google sign-in or verification link, since the
-- password may have been set by someone who registered the address before its owner did.
UPDATE "users" SET "email_verified_at" = now()
WHERE "username" = 'demo@aaspaas.in'
   OR ("password_hash" IS NULL AND EXISTS (
        SELECT 1 FROM "user_identities" i
        WHERE i."user_id" = "users"."id" AND i."provider" = 'google' AND i."email" = "users"."username"));
