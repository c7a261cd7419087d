import { truncate } from '@aaspaas/domain/rules';
import { SHARE_TEXT_MAX } from '@/config/message-limits';

/** The post's public link: the feed opens it scrolled to the post (docs/product.md §2 deep link). */
export function postUrl(origin: string, postId: string): string {
  return `${origin}/?post=${encodeURIComponent(postId)}`;
}

/** docs/product.md §9: share text at most 100 characters (the link comes after it). */
export function shareText(businessName: string, content: string): string {
  return truncate(`${businessName}: ${content}`, SHARE_TEXT_MAX);
}

/** WhatsApp's share link: the contact list opens with the text and the post's link. */
export function whatsappShareHref(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}
