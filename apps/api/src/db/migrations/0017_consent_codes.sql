CREATE TABLE "consent_codes" (
	"business_id" uuid NOT NULL,
	"mobile_number" text NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_codes_business_id_mobile_number_purpose_pk" PRIMARY KEY("business_id","mobile_number","purpose"),
	CONSTRAINT "consent_codes_mobile_number_check" CHECK ("consent_codes"."mobile_number" ~ '^[6-9][0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "consent_codes" ADD CONSTRAINT "consent_codes_business_id_users_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;