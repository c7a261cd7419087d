-- ADR 048: a report keeps the reporter's network and whether its id was new on a busy address; a like
-- from such an id may be held (not counted) until the id is confirmed.
ALTER TABLE "post_likes" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "network" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_reports" ADD COLUMN "new_visitor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "post_likes_held_idx" ON "post_likes" USING btree ("visitor_id") WHERE NOT "post_likes"."counted";
