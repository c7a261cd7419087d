CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receipt_sequences" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_paise" integer NOT NULL,
	"gateway" text NOT NULL,
	"order_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"credited_paise" integer,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"receipt_number" text,
	"receipt_gstin" text,
	"failure_reason" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topups_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "topups_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "topups_amount_positive" CHECK ("topups"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "wallet_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"balance_after_paise" integer NOT NULL,
	"cause_type" text,
	"cause_id" text,
	"idempotency_key" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_ledger_amount_nonzero" CHECK ("wallet_ledger"."amount_paise" <> 0),
	CONSTRAINT "wallet_ledger_balance_after_nonnegative" CHECK ("wallet_ledger"."balance_after_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX "topups_user_idx" ON "topups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "topups_pending_idx" ON "topups" USING btree ("created_at") WHERE "topups"."status" = 'created';--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_balance_nonnegative" CHECK ("users"."balance_paise" >= 0);--> statement-breakpoint
-- Every account's balance so far becomes its first ledger entry, so sum(ledger) = balance from here on.
INSERT INTO "wallet_ledger" ("user_id", "kind", "amount_paise", "balance_after_paise", "cause_type", "cause_id", "idempotency_key", "note")
SELECT "id", 'opening_balance', "balance_paise", "balance_paise", 'account', "id"::text, 'opening:' || "id", 'Opening balance'
FROM "users" WHERE "balance_paise" <> 0 ORDER BY "users"."created_at", "users"."id";
--> statement-breakpoint
-- The ledger is append-only: a correction is a new entry, never an edit (ADR 014). TRUNCATE stays
-- possible: it empties users and their ledger together (the benchmarks' reset), which keeps sum = balance.
CREATE FUNCTION "wallet_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only: % refused', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "wallet_ledger"
FOR EACH ROW EXECUTE FUNCTION "wallet_ledger_append_only"();
--> statement-breakpoint
-- Each entry continues its business's chain (previous balance + amount) and leaves the balance the
-- user row holds: with the check below, sum(ledger) = balance after every commit.
CREATE FUNCTION "wallet_ledger_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous integer;
  current integer;
BEGIN
  SELECT "balance_after_paise" INTO previous FROM "wallet_ledger"
    WHERE "user_id" = NEW."user_id" ORDER BY "id" DESC LIMIT 1;
  IF COALESCE(previous, 0) + NEW."amount_paise" <> NEW."balance_after_paise" THEN
    RAISE EXCEPTION 'wallet_ledger entry does not continue the balance of user %: % + % <> %',
      NEW."user_id", COALESCE(previous, 0), NEW."amount_paise", NEW."balance_after_paise";
  END IF;
  SELECT "balance_paise" INTO current FROM "users" WHERE "id" = NEW."user_id";
  IF current IS DISTINCT FROM NEW."balance_after_paise" THEN
    RAISE EXCEPTION 'wallet_ledger entry leaves % but user % holds %', NEW."balance_after_paise", NEW."user_id", current;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_continues_balance" BEFORE INSERT ON "wallet_ledger"
FOR EACH ROW EXECUTE FUNCTION "wallet_ledger_chain"();
--> statement-breakpoint
-- A balance changed without its ledger entry is refused when the transaction commits.
CREATE FUNCTION "users_balance_has_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest integer;
  current integer;
BEGIN
  SELECT "balance_paise" INTO current FROM "users" WHERE "id" = NEW."id";
  SELECT "balance_after_paise" INTO latest FROM "wallet_ledger"
    WHERE "user_id" = NEW."id" ORDER BY "id" DESC LIMIT 1;
  IF COALESCE(latest, 0) IS DISTINCT FROM current THEN
    RAISE EXCEPTION 'balance of user % changed to % without a wallet_ledger entry (ledger says %)', NEW."id", current, COALESCE(latest, 0);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_balance_matches_ledger" AFTER UPDATE OF "balance_paise" ON "users"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (OLD."balance_paise" IS DISTINCT FROM NEW."balance_paise") EXECUTE FUNCTION "users_balance_has_entry"();
--> statement-breakpoint
-- Every new account's starting balance is its first entry, whichever code path made the account
-- (sign-up, Google, the admin set-up, the seed): 'Welcome credit' is WALLET_MESSAGES.welcomeCredit.
CREATE FUNCTION "users_wallet_opening"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."balance_paise" <> 0 THEN
    INSERT INTO "wallet_ledger" ("user_id", "kind", "amount_paise", "balance_after_paise", "cause_type", "cause_id", "idempotency_key", "note", "created_at")
    VALUES (NEW."id", 'signup_credit', NEW."balance_paise", NEW."balance_paise", 'account', NEW."id"::text, 'signup:' || NEW."id", 'Welcome credit', NEW."created_at");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_wallet_opening" AFTER INSERT ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_wallet_opening"();
