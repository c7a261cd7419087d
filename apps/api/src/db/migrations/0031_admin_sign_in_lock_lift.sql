-- The admin's password sign-in lock-out can be lifted (docs/security.md): attempts before this time no longer count.
ALTER TABLE "users" ADD COLUMN "admin_sign_in_opened_at" timestamp with time zone;
