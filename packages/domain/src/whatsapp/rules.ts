/** Meta's template categories (the price of a template message depends on its category). */
export const WHATSAPP_TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type WhatsAppTemplateCategory = (typeof WHATSAPP_TEMPLATE_CATEGORIES)[number];

/** How a contact's WhatsApp opt-in was given: on the join page with a one-time code, or recorded by the business. */
export const WHATSAPP_CONSENT_METHODS = ['join_page', 'in_person'] as const;
export type WhatsAppConsentMethod = (typeof WHATSAPP_CONSENT_METHODS)[number];

/**
 * Start prices per delivered template message in India (GST-inclusive paise), in force until the
 * admin sets others: about what Meta charges per category, marketing the dearest (ADR 050).
 */
export const DEFAULT_WHATSAPP_PRICES_PAISE: Record<WhatsAppTemplateCategory, number> = {
  MARKETING: 90,
  UTILITY: 15,
  AUTHENTICATION: 15,
};
export const WHATSAPP_PRICE_MAX_PAISE = 1_000;

/** Where a message stands: ours until the Cloud API takes it, then the statuses its webhook reports. */
export const WHATSAPP_MESSAGE_STATUSES = ['queued', 'accepted', 'sent', 'delivered', 'read', 'failed', 'received'] as const;
export type WhatsAppMessageStatus = (typeof WHATSAPP_MESSAGE_STATUSES)[number];

/** A phone-number id or a WhatsApp Business Account id: the long numbers Meta's WhatsApp Manager shows. */
export const WHATSAPP_ID_PATTERN = /^\d{5,30}$/;
export const WHATSAPP_TOKEN_MIN = 20;
export const WHATSAPP_TOKEN_MAX = 1_000;
/** The free-text customer service window opened by a customer's last message. */
export const WHATSAPP_SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;
export const WHATSAPP_TEXT_MAX = 4_096;

/** The variables of a template body, `{{1}}` … `{{n}}`: the highest number used. */
export function whatsappVariableCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{(\d{1,2})\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** A template body with its `{{n}}` filled from `params` (1-based), as the customer reads it. */
export function fillWhatsAppBody(body: string, params: readonly string[]): string {
  return body.replace(/\{\{(\d{1,2})\}\}/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
}

/** A customer's reply that ends their WhatsApp opt-in: STOP and its usual spellings, in English and Hindi. */
export function isWhatsAppStopReply(text: string): boolean {
  const t = text
    .trim()
    .toUpperCase()
    .replace(/[.!]+$/, '');
  return ['STOP', 'UNSUBSCRIBE', 'STOP PROMOTIONS', 'OPT OUT', 'OPT-OUT', 'बंद', 'बंद करें', 'रोकें'].includes(t);
}

/** The 10-digit Indian mobile of a WhatsApp id (`91` + number), or null for a number from elsewhere. */
export function indianMobileFromWaId(waId: string): string | null {
  const digits = waId.replace(/\D/g, '');
  const m = /^91([6-9]\d{9})$/.exec(digits);
  return m ? m[1]! : null;
}

/** The reference to a post in a feed enquiry's WhatsApp text: the first 8 characters of its id. */
export function whatsappPostReference(postId: string): string {
  return `Ref P-${postId.slice(0, 8)}`;
}

/** The post reference a customer's message carries, if any (lower-case hex, as in post ids). */
export function postReferenceIn(text: string): string | null {
  const m = /\bRef P-([0-9a-f]{8})\b/i.exec(text);
  return m ? m[1]!.toLowerCase() : null;
}
