import { sql } from 'drizzle-orm';
import type { OpeningHours } from '@aaspaas/domain';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** App users: business owners (docs/product.md §3 "App user"). Money in paise. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sign-in email, stored lower-cased. */
    username: text('username').notNull().unique(),
    /** argon2id; null for an account made by Google sign-in that never set a password. */
    passwordHash: text('password_hash'),
    /**
     * When the owner proved they read this address (a verification link, a spent password link, or
     * Google sign-in with a verified email). Null: unverified; the app works, but password-reset
     * mails and admin rights need it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Access tokens issued before this instant are refused: set by password change/reset and "sign out everywhere". */
    sessionsValidAfter: timestamp('sessions_valid_after', { withTimezone: true }).notNull().defaultNow(),
    name: text('name').notNull(),
    businessName: text('business_name').notNull(),
    businessDetails: text('business_details'),
    businessPhone: text('business_phone'),
    businessAddress: text('business_address'),
    gstNumber: text('gst_number'),
    businessCategories: text('business_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    mobileNumber: text('mobile_number'),
    balancePaise: integer('balance_paise').notNull().default(10_000),
    /** 'active' or 'suspended' (docs/product.md §2, Admin routes: a suspended account cannot sign in and is not seen). */
    status: text('status').notNull().default('active'),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The admin's reason, shown to the owner when sign-in is refused. */
    suspensionReason: text('suspension_reason'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /**
     * When the admin last lifted the lock-out of their own password sign-in (signed in, or by spending
     * an emailed set-password link): attempts counted before it no longer block (docs/security.md).
     */
    adminSignInOpenedAt: timestamp('admin_sign_in_opened_at', { withTimezone: true }),
    profileImageUrl: text('profile_image_url'),
    city: text('city'),
    state: text('state'),
    country: text('country').default('India'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** When the admin marked the business verified (a badge on its page); null: not verified. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** When the admin featured the business (a "Featured" mark, listed on the admin dashboard); null: not featured. */
    featuredAt: timestamp('featured_at', { withTimezone: true }),
    /** When the owner last acknowledged the terms and privacy policy ("We updated our terms" is shown once). */
    policiesSeenAt: timestamp('policies_seen_at', { withTimezone: true }),
    /** The owner's language ('en' or 'hi', docs/product.md, Languages): the app's and the password email's. */
    language: text('language').notNull().default('en'),
    /**
     * Opening hours (docs/product.md §3): the week from Monday and holidays, null when not given. The feed's
     * "open now" filter reads their copy in business_week_hours and business_closures, which the same
     * transaction rewrites (and triggers copy onto each post, ADR 055).
     */
    hours: jsonb('hours').$type<OpeningHours>(),
    /** The one-tap closure's end ("Closed today": the next India midnight; "Back at 5 pm"). */
    closedUntil: timestamp('closed_until', { withTimezone: true }),
    /** The shop's UPI ID (VPA) for pay-at-shop links on its offers; no money passes through Aaspaas (ADR 049). */
    upiId: text('upi_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('users_business_name_idx').on(t.businessName),
    // The last guard of the wallet (ADR 014): no path, however written, takes a balance below zero.
    check('users_balance_nonnegative', sql`${t.balancePaise} >= 0`),
    // The admin's list of accounts, newest first (its search has a trigram index in migration 0013).
    index('users_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
export type UserRow = typeof users.$inferSelect;
