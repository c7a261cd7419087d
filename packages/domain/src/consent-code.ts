/**
 * The one-time codes that prove a visitor owns the number they opt in or out on a business's public
 * page (docs/product.md §Join page, docs/security.md). The numbers live here so the API enforces and
 * the web explains the same ones.
 */
export const CONSENT_CODE_DIGITS = 6;
/** The SMS says "It expires in 10 minutes": keep the two together. */
export const CONSENT_CODE_TTL_MS = 10 * 60 * 1000;
export const CONSENT_CODE_TTL_MINUTES = CONSENT_CODE_TTL_MS / 60_000;
/** Wrong tries before the code stops working: 5 guesses in a million per code. */
export const CONSENT_CODE_MAX_TRIES = 5;
/** A new code for the same number and form no sooner than this after the last one. */
export const CONSENT_CODE_RESEND_AFTER_MS = 30 * 1000;
export const CONSENT_CODE_LIMIT_WINDOW_MS = 60 * 60 * 1000;
/** Codes sent to one number in an hour, across businesses: nobody can flood a phone with our SMS. */
export const CONSENT_CODES_PER_NUMBER_PER_HOUR = 5;
/** Codes asked from one address in an hour: a shop's Wi-Fi serves a queue of customers, a script no more. */
export const CONSENT_CODES_PER_IP_PER_HOUR = 20;

/** The form a code is for: it opens only that form, for that business and number. */
export const CONSENT_CODE_PURPOSES = ['join', 'opt-out'] as const;
export type ConsentCodePurpose = (typeof CONSENT_CODE_PURPOSES)[number];

export const CONSENT_CODE_PATTERN = new RegExp(`^\\d{${CONSENT_CODE_DIGITS}}$`);

export const CONSENT_CODE_MESSAGES = {
  codeFormat: `Enter the ${CONSENT_CODE_DIGITS}-digit code we sent to your phone`,
  noCode: 'Ask for a code first: we send it by SMS to your number.',
  expired: 'This code has expired. Send a new code.',
  dead: 'Too many wrong tries: this code no longer works. Send a new code.',
  smsUnavailable: 'We could not send the SMS just now. Please try again in a minute.',
} as const;

/** The answer to a code request; the same whether or not the number is on the business's list. */
export function codeSentMessage(mobileNumber: string): string {
  return `We sent a ${CONSENT_CODE_DIGITS}-digit code by SMS to ${mobileNumber.slice(0, 2)}xxxxxx${mobileNumber.slice(-2)}.`;
}

export function wrongCodeMessage(triesLeft: number): string {
  if (triesLeft <= 0) return CONSENT_CODE_MESSAGES.dead;
  return `That code is not right. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

export function resendTooSoonMessage(waitSeconds: number): string {
  return `A code is on its way. You can ask for a new one in ${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}.`;
}

export function tooManyCodesMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Too many codes asked for. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`;
}
