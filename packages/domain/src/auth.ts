import { z } from 'zod';
import { cleanName } from './text';
import { BUSINESS_NAME_MIN, MOBILE_NUMBER_MIN, NAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from './constants';
import { AppUserSchema } from './user';

/** Exact validation texts of docs/product.md §5; the web forms and the API share them. */
export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  nameMin: `Name must be at least ${NAME_MIN} characters`,
  businessNameMin: `Business name must be at least ${BUSINESS_NAME_MIN} characters`,
  mobileMin: `Mobile number must be at least ${MOBILE_NUMBER_MIN} characters`,
  /** Login failure: the same text for an unknown email and a wrong password (no account probing). */
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists. Please log in instead.',
  /** docs/product.md §8: what a caller without a valid session is told. */
  authFailed: 'Authentication failed. Please log in again.',
  forgotPasswordSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  accountSuspended: 'This account is suspended. Please contact support.',
  /** Admin emails become accounts only through /admin/create-user, never the public register form. */
  adminEmailReserved: 'This email is reserved for the administrator. Please use the admin sign-in.',
  passwordChanged: 'Password changed. You are signed out on every other device.',
  currentPasswordWrong: 'Current password is incorrect',
  notAdminGoogle: 'Your Google account does not have admin privileges',
  /** The same answer for every email, admin or not, mailed or rationed: nothing here can be probed. */
  adminSetupSent:
    'If this address is the administrator’s, we have emailed it a link to set the password. Open it, then log in. (At most one email every few minutes.)',
  /** An admin address acts as admin only once its owner has opened a link sent to it. */
  adminNotVerified: 'Confirm the admin address first: ask for a link on the admin set-up page and open it.',
  verificationSent: 'We have sent a new verification link. Please check your email.',
  verificationRationed: 'We sent a link a moment ago. Please check your email (and spam folder) before asking again.',
  alreadyVerified: 'Your email is already verified.',
  verificationLinkInvalid: 'This verification link is not valid. Please ask for a new one from the app.',
  verificationLinkExpired: 'This verification link has expired. Please ask for a new one from the app.',
  verificationForAdmin: 'The admin address is confirmed by setting its password from the admin set-up page.',
  mailFailed: 'We could not send the email just now. Please try again in a few minutes.',
  googleNotEnabled: 'Google Sign-In is not enabled. Please contact support.',
  googleFailed: 'Google Sign-In failed. Please try again or check your Google account.',
  googleCancelled: 'Sign-in was cancelled by user.',
  googleTimeout: 'Authentication timeout - please try again',
  /** docs/product.md §8: Google refused this site's address; the auth page answers with 'Domain Not Authorized'. */
  googleDomainNotAuthorized: 'This domain is not authorized for Google Sign-In. Please contact support.',
  adminOnly: 'You do not have permission to do this.',
  /** A browser request to a session endpoint from a page of another site (cross-site request forgery). */
  foreignOrigin: 'This request came from another website, so it was refused. Open Aaspaas itself and try again.',
  /** The admin lifted the cross-address sign-in lock-out of their own account (docs/security.md). */
  adminLockoutLifted: 'Password sign-in for your admin account is open again on every address.',
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));
const password = z.string().min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin).max(PASSWORD_MAX, AUTH_MESSAGES.passwordMax);

/** Login payload (docs/product.md §3): username is an email. */
export const LoginRequestSchema = z.object({ username: email, password }).meta({ id: 'LoginRequest' });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** Register payload (docs/product.md §3, §5). */
export const RegisterRequestSchema = z
  .object({
    username: email,
    password,
    name: z.string().overwrite(cleanName).min(NAME_MIN, AUTH_MESSAGES.nameMin).max(100),
    businessName: z.string().overwrite(cleanName).min(BUSINESS_NAME_MIN, AUTH_MESSAGES.businessNameMin).max(120),
    mobileNumber: z.string().trim().min(MOBILE_NUMBER_MIN, AUTH_MESSAGES.mobileMin).max(20),
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;

/** Forgot-password payload (docs/product.md §3). */
export const ForgotPasswordRequestSchema = z.object({ email }).meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;

/** The /reset-password page sends the token from the emailed link and the new password. */
export const ResetPasswordRequestSchema = z
  .object({ token: z.string().min(20, AUTH_MESSAGES.resetLinkInvalid).max(200), password })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;

/** Change password from /settings; a Google-only account (no password yet) sends no current password. */
export const ChangePasswordRequestSchema = z
  .object({ currentPassword: z.string().max(PASSWORD_MAX).optional(), newPassword: password })
  .meta({ id: 'ChangePasswordRequest' });
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/**
 * /admin/create-user: only an email listed in ADMIN_EMAILS gets anything. No password and no name
 * here: the server emails a link to set the password, so only the owner of that mailbox can ever
 * sign in as the admin (the admin names themselves later, in the profile).
 */
export const CreateAdminRequestSchema = z.object({ email }).meta({ id: 'CreateAdminRequest' });
export type CreateAdminRequest = z.infer<typeof CreateAdminRequestSchema>;

/**
 * Login, register, refresh and Google answers: a short-lived bearer access token (kept by the web
 * under auth_token) and the user. The refresh token travels only in an httpOnly cookie.
 */
export const AuthResponseSchema = z
  .object({
    token: z.string(),
    expiresIn: z.number().int(),
    user: AppUserSchema,
    /**
     * Only to the Android app (a request from one of APP_ORIGINS, ADR 020): the refresh token, which the
     * app keeps in the phone's storage and presents in the REFRESH_TOKEN_HEADER. The web gets a cookie.
     */
    refreshToken: z.string().optional(),
  })
  .meta({ id: 'AuthResponse' });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const MessageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** The /verify-email page sends the token from the emailed link. */
export const VerifyEmailRequestSchema = z
  .object({ token: z.string().min(20, AUTH_MESSAGES.verificationLinkInvalid).max(200, AUTH_MESSAGES.verificationLinkInvalid) })
  .meta({ id: 'VerifyEmailRequest' });
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;

/**
 * A verification link that worked: `verified` now, or `already-used` when it was spent before and the
 * address is verified (a second click, a mail scanner). Only `verified` names the address: a spent link
 * tells whoever holds it nothing. Expired and unknown links are 410 and 400.
 */
export const VerifyEmailResponseSchema = z
  .object({ status: z.enum(['verified', 'already-used']), email: z.string().optional() })
  .meta({ id: 'VerifyEmailResponse' });
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** Which sign-in providers the server has configured (the web hides nothing, it explains). */
export const AuthProvidersSchema = z
  .object({
    google: z.boolean(),
    /** The Android app's native Google sign-in is configured (GOOGLE_ANDROID_CLIENT_ID). */
    googleNative: z.boolean(),
  })
  .meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** Where a Google sign-in started: the business auth page or the admin login. */
export const GOOGLE_INTENTS = ['business', 'admin'] as const;
export type GoogleIntent = (typeof GOOGLE_INTENTS)[number];
/** How the web opened Google: a popup (answers with postMessage) or a full-page redirect. */
export const GOOGLE_MODES = ['popup', 'redirect'] as const;
export type GoogleMode = (typeof GOOGLE_MODES)[number];
export const GoogleStartQuerySchema = z.object({
  intent: z.enum(GOOGLE_INTENTS).default('business'),
  mode: z.enum(GOOGLE_MODES).default('popup'),
});

/**
 * The message the Google callback page posts to its opener (popup mode), or encodes in the
 * redirect back (`?google=ok` / `?google=error&message=…`). On success the refresh cookie is set,
 * and the web calls POST /api/auth/refresh for the access token: no token ever travels in a URL.
 */
export const GOOGLE_RESULT_MESSAGE_TYPE = 'aaspaas:google-auth';
export const GoogleResultSchema = z.object({
  type: z.literal(GOOGLE_RESULT_MESSAGE_TYPE),
  ok: z.boolean(),
  intent: z.enum(GOOGLE_INTENTS),
  message: z.string().optional(),
});
export type GoogleResult = z.infer<typeof GoogleResultSchema>;

/** POST /api/auth/google/native: the ID token Google's SDK gave the Android app (ADR 020). */
export const GoogleNativeRequestSchema = z
  .object({
    // A Google ID token is about 1–1.5 KB; 8 KB leaves room without letting a body grow unbounded.
    idToken: z.string().min(20, AUTH_MESSAGES.googleFailed).max(8192, AUTH_MESSAGES.googleFailed),
    intent: z.enum(GOOGLE_INTENTS).default('business'),
  })
  .meta({ id: 'GoogleNativeRequest' });
export type GoogleNativeRequest = z.infer<typeof GoogleNativeRequestSchema>;

/** Name of the httpOnly refresh-token cookie (path /api/auth). */
export const REFRESH_COOKIE = 'aaspaas_rt';
