CREATE TABLE "post_shares" (
	"post_id" uuid NOT NULL,
	"name" text NOT NULL,
	"day" date NOT NULL,
	"visitor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_shares_post_id_name_day_visitor_id_pk" PRIMARY KEY("post_id","name","day","visitor_id")
);
--> statement-breakpoint
ALTER TABLE "post_shares" ADD CONSTRAINT "post_shares_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;