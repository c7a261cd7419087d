/** WhatsApp number rule of docs/product.md §5: strip non-digits; a 10-digit number gets the prefix 91. */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  return digits.length === 10 ? `91${digits}` : digits;
}

/** '+91 98200 12345' for display (docs/product.md §2: phone shown with +91). */
export function displayIndianPhone(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return null;
  const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  if (local.length !== 10) return `+${digits}`;
  return `+91 ${local.slice(0, 5)} ${local.slice(5)}`;
}
