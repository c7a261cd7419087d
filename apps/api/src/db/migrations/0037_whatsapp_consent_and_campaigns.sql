ALTER TABLE "contacts" ADD COLUMN "whatsapp_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_consent_method" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_consent_proof" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "whatsapp_opted_out_at" timestamp with time zone;