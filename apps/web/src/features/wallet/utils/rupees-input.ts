/**
 * Paise from what an owner types in rupees ("500", "1,000", "499.5", "₹2,000.00"), without floats:
 * null when it is not an amount.
 */
export function parseRupeesToPaise(input: string): number | null {
  const cleaned = input.replace(/[₹,\s]/g, '');
  const m = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!m) return null;
  const [, whole = '0', fraction = ''] = m;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
