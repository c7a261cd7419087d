import { z } from 'zod';
import { cleanName } from './text';
import { BUSINESS_NAME_MIN, DEFAULT_BUSINESS_NAME, MAX_BUSINESS_CATEGORIES, NAME_MIN } from './constants';
import { GSTIN_MESSAGES, gstinError, normalizeGstin } from './gstin';
import { LANGUAGES } from './language';
import { ClosureSchema, OpeningHoursSchema, UpiIdInputSchema } from './counter';

/** App user (docs/product.md §3). Money in paise; isAdmin is decided by the server on every request. */
export const AppUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    businessName: z.string(),
    businessDetails: z.string().nullable(),
    businessPhone: z.string().nullable(),
    businessAddress: z.string().nullable(),
    gstNumber: z.string().nullable(),
    businessCategories: z.array(z.string()),
    onboardingCompleted: z.boolean(),
    mobileNumber: z.string().nullable(),
    balancePaise: z.number().int(),
    isAdmin: z.boolean(),
    status: z.string(),
    profileImageUrl: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    lat: z.number().nullable(),
    lon: z.number().nullable(),
    /** False for an account made by Google sign-in that never set a password. */
    hasPassword: z.boolean(),
    googleLinked: z.boolean(),
    /** The owner has proven they read `username` (link, spent password link, or Google). */
    emailVerified: z.boolean(),
    /** The language the owner chose; the app switches to it on sign-in and the password email is written in it. */
    language: z.enum(LANGUAGES),
    /** Opening hours (docs/product.md §3); null: not given. */
    hours: OpeningHoursSchema.nullable(),
    /** The one-tap closure's end ("Closed today", "Back at 5 pm"), when it has not ended yet. */
    closedUntil: z.string().nullable(),
    /** The shop's UPI ID (a VPA, name@handle) for pay-at-shop on its offers. */
    upiId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AppUser' });
export type AppUser = z.infer<typeof AppUserSchema>;

export const PROFILE_MESSAGES = {
  phoneInvalid: 'Business phone must be a 10-digit Indian number',
  locationIncomplete: 'Pick the business location again: latitude and longitude go together',
  imageNotOurs: 'Upload the image first: only images uploaded to Aaspaas can be used',
  saved: 'Profile saved',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

/** /edit-profile: every field optional, so a form can save what it shows; empty text clears a field. */
export const UpdateProfileRequestSchema = z
  .object({
    name: z.string().overwrite(cleanName).min(NAME_MIN, `Name must be at least ${NAME_MIN} characters`).max(100).optional(),
    businessName: z
      .string()
      .overwrite(cleanName)
      .min(BUSINESS_NAME_MIN, `Business name must be at least ${BUSINESS_NAME_MIN} characters`)
      .max(120)
      .optional(),
    businessDetails: optionalText(2000),
    businessPhone: z
      .string()
      .trim()
      .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|0091|0)/, ''))
      .pipe(z.union([z.literal(''), z.string().regex(/^[6-9][0-9]{9}$/, PROFILE_MESSAGES.phoneInvalid)]))
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    gstNumber: z
      .string()
      .transform(normalizeGstin)
      .superRefine((v, ctx) => {
        const error = v === '' ? null : gstinError(v);
        if (error) ctx.addIssue({ code: 'custom', message: error });
      })
      .transform((v) => (v === '' ? null : v))
      .nullable()
      .optional(),
    businessCategories: z.array(z.string().trim().min(1).max(40)).max(MAX_BUSINESS_CATEGORIES).optional(),
    businessAddress: optionalText(300),
    city: optionalText(80),
    state: optionalText(80),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lon: z.number().min(-180).max(180).nullable().optional(),
    language: z.enum(LANGUAGES, { error: 'Choose English or Hindi' }).optional(),
    /** The week's opening hours; null clears them (hours unknown). */
    hours: OpeningHoursSchema.nullable().optional(),
    /** 'today' closes the shop until India midnight, 'HH:MM' until that time today, null opens it again. */
    closure: ClosureSchema.optional(),
    upiId: UpiIdInputSchema.optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lon === undefined) && (v.lat === null) === (v.lon === null), {
    message: PROFILE_MESSAGES.locationIncomplete,
    path: ['lat'],
  })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.input<typeof UpdateProfileRequestSchema>;
export { GSTIN_MESSAGES };

/** POST /api/user/profile-image (docs/product.md §7): the URL of an image our upload endpoint stored. */
export const ProfileImageRequestSchema = z.object({ imageUrl: z.string().min(1).max(500) }).meta({ id: 'ProfileImageRequest' });

/** What an upload answers: the stored image's URL (with -160/-480/-720/-1080 WebP variants beside it). */
export const UploadResponseSchema = z
  .object({ url: z.string(), width: z.number().int(), height: z.number().int(), bytes: z.number().int() })
  .meta({ id: 'UploadResponse' });
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** The /app home's figures, from the server (docs/product.md §3 "User stats"). */
export const UserStatsSchema = z
  .object({
    contacts: z.number().int(),
    sentSms: z.number().int(),
    balancePaise: z.number().int(),
    posts: z.number().int(),
  })
  .meta({ id: 'UserStats' });
export type UserStats = z.infer<typeof UserStatsSchema>;

/**
 * docs/product.md §3: the identity's display name stores 'name - businessName'; a display name without the
 * separator is both the name and the business name; nothing at all gives 'My Business'.
 */
export const DISPLAY_NAME_SEPARATOR = ' - ';
export function splitDisplayName(displayName: string | null | undefined): { name: string; businessName: string } {
  const value = cleanName(displayName ?? '');
  const at = value.indexOf(DISPLAY_NAME_SEPARATOR);
  if (at > 0) {
    const name = value.slice(0, at).trim();
    const businessName = value.slice(at + DISPLAY_NAME_SEPARATOR.length).trim();
    if (name && businessName) return { name, businessName };
  }
  const single = value || DEFAULT_BUSINESS_NAME;
  return { name: single, businessName: single };
}
export function joinDisplayName(name: string, businessName: string): string {
  return `${name}${DISPLAY_NAME_SEPARATOR}${businessName}`;
}

/** The profile fields that place a business's posts and let customers reach it. */
export const PROFILE_STEPS = [
  'businessName',
  'businessPhone',
  'businessCategories',
  'businessAddress',
  'location',
  'profileImage',
] as const;
export type ProfileStep = (typeof PROFILE_STEPS)[number];

type ProfileFields = Pick<
  AppUser,
  'businessName' | 'businessPhone' | 'businessCategories' | 'businessAddress' | 'lat' | 'lon' | 'profileImageUrl'
>;

/** Which onboarding steps are done, and the share done (0–100) for the /app home. */
export function profileCompleteness(user: ProfileFields): { percent: number; missing: ProfileStep[] } {
  const done: Record<ProfileStep, boolean> = {
    businessName: user.businessName.trim().length >= BUSINESS_NAME_MIN,
    businessPhone: Boolean(user.businessPhone),
    businessCategories: user.businessCategories.length > 0,
    businessAddress: Boolean(user.businessAddress),
    location: user.lat !== null && user.lon !== null,
    profileImage: Boolean(user.profileImageUrl),
  };
  const missing = PROFILE_STEPS.filter((step) => !done[step]);
  return { percent: Math.round(((PROFILE_STEPS.length - missing.length) / PROFILE_STEPS.length) * 100), missing };
}

/** Onboarding is complete when a post can be placed and answered: everything but the photo. */
export function isOnboardingComplete(user: ProfileFields): boolean {
  return profileCompleteness(user).missing.every((step) => step === 'profileImage');
}
