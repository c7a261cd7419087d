ALTER TABLE "sms_messages" DROP CONSTRAINT "sms_messages_campaign_to_unique";--> statement-breakpoint
ALTER TABLE "sms_campaigns" ALTER COLUMN "template_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ALTER COLUMN "category" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ALTER COLUMN "header" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ALTER COLUMN "dlt_template_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ALTER COLUMN "template_text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_template_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_variables" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_template_name" text;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_language" text;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_category" text;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_body" text;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_price_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "whatsapp_recipients" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "fallback_of" bigint;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD CONSTRAINT "sms_campaigns_whatsapp_template_id_whatsapp_templates_id_fk" FOREIGN KEY ("whatsapp_template_id") REFERENCES "public"."whatsapp_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_campaign_to_channel_unique" UNIQUE("campaign_id","to","channel");