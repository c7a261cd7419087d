/**
 * GSTIN: 2-digit state code, the 10-character PAN, an entity number, 'Z' by default, and a
 * check character computed over the first 14 (base 36, weights alternating 1 and 2).
 */
const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z0-9][0-9A-Z]$/;
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const GSTIN_MESSAGES = {
  format: 'GST number must be 15 characters like 27AAPFU0939F1ZV',
  checkDigit: 'GST number is not valid: please check it for a typing mistake',
} as const;

export function normalizeGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i += 1) {
    const value = CHARSET.indexOf(first14[i] ?? '');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36] ?? '0';
}

/** null when valid; otherwise the message to show. */
export function gstinError(raw: string): string | null {
  const value = normalizeGstin(raw);
  if (!GSTIN_PATTERN.test(value)) return GSTIN_MESSAGES.format;
  const state = Number(value.slice(0, 2));
  if (state < 1 || (state > 38 && state !== 97 && state !== 99)) return GSTIN_MESSAGES.format;
  return gstinCheckChar(value.slice(0, 14)) === value[14] ? null : GSTIN_MESSAGES.checkDigit;
}
