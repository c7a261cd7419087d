-- A movement of a balance is one statement (ADR 014): it writes its ledger entry first (so a key
-- already used makes it do nothing, ON CONFLICT DO NOTHING) and then sets the user's balance from
-- that entry. The entry's trigger therefore no longer finds the new balance on the user row when it
-- runs; it checks the chain only, and "the latest entry leaves the balance the user row holds" is
-- checked at commit for a new entry too, as it already was for a changed balance.
CREATE OR REPLACE FUNCTION "wallet_ledger_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous integer;
BEGIN
  SELECT "balance_after_paise" INTO previous FROM "wallet_ledger"
    WHERE "user_id" = NEW."user_id" ORDER BY "id" DESC LIMIT 1;
  IF COALESCE(previous, 0) + NEW."amount_paise" <> NEW."balance_after_paise" THEN
    RAISE EXCEPTION 'wallet_ledger entry does not continue the balance of user %: % + % <> %',
      NEW."user_id", COALESCE(previous, 0), NEW."amount_paise", NEW."balance_after_paise";
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- An entry whose balance the user row does not hold by commit is refused (an entry written without
-- moving the balance).
CREATE FUNCTION "wallet_ledger_entry_has_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest integer;
  current integer;
BEGIN
  SELECT "balance_paise" INTO current FROM "users" WHERE "id" = NEW."user_id";
  SELECT "balance_after_paise" INTO latest FROM "wallet_ledger"
    WHERE "user_id" = NEW."user_id" ORDER BY "id" DESC LIMIT 1;
  IF latest IS DISTINCT FROM current THEN
    RAISE EXCEPTION 'wallet_ledger entry of user % leaves % but the user holds %', NEW."user_id", latest, current;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "wallet_ledger_matches_balance" AFTER INSERT ON "wallet_ledger"
DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION "wallet_ledger_entry_has_balance"();
