import { whatsappNumber } from '@aaspaas/domain/rules';
import { paths } from '@/config/paths';

/** A stored contact's number is the 10-digit Indian form: dial it with +91. */
export function telHref(mobile: string): string {
  return `tel:+91${mobile}`;
}

/** WhatsApp chat with the customer (docs/product.md §5 rule: a 10-digit number gets the prefix 91). */
export function whatsappHref(mobile: string, text?: string): string {
  const query = text ? `?text=${encodeURIComponent(text)}` : '';
  return `https://wa.me/${whatsappNumber(mobile) ?? ''}${query}`;
}

/** A WhatsApp message to pick a recipient for (sharing the join link). */
export function whatsappShareHref(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}

/** The public opt-in page's address for a business, on whatever host the app is served from. */
export function joinUrlFor(businessId: string, origin = window.location.origin): string {
  return `${origin}${paths.join.getHref(businessId)}`;
}
