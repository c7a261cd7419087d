CREATE TABLE "whatsapp_prices" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_prices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"price_paise" integer NOT NULL,
	"changed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_consent_method" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_consent_proof" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "post_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD COLUMN "seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "whatsapp_prices_category_idx" ON "whatsapp_prices" USING btree ("category","id");--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_idempotency_unique" UNIQUE("idempotency_key");