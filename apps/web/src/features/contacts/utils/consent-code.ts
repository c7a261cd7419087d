import { translatedServerMessage } from '@/lib/api-client';
import { CONTACT_MESSAGES, type ConsentCodeSent, normalizeIndianMobile } from '@aaspaas/domain';

/** A code on its way: the server's words and when another may be asked for (ms). */
export type SentCode = { message: string; resendAt: number };

export const sentCodeOf = (answer: ConsentCodeSent): SentCode => ({
  message: translatedServerMessage(answer.message),
  resendAt: Date.now() + answer.resendAfterSeconds * 1000,
});

/** The number rule's message for something typed that cannot be a number; null when fine or empty. */
export const mobileCheck = (mobile: string) =>
  mobile.trim() && !normalizeIndianMobile(mobile) ? CONTACT_MESSAGES.mobileInvalid : null;
