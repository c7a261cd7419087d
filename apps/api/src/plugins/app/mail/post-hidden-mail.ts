import { type Language, PRODUCT_NAME } from '@aaspaas/domain';
import type { MailMessage } from './mail-service';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

type Wording = {
  subject: string;
  hello: (name: string) => string;
  what: (excerpt: string) => string;
  reasons: (list: string) => string;
  next: string;
  button: string;
  signature: string;
};

/** The mail in each language; a Record over every language, so a new one cannot be half-written. */
const WORDING: Record<Language, Wording> = {
  en: {
    subject: 'Your post is hidden until the admin looks at it',
    hello: (name) => `Hello ${name},`,
    what: (excerpt) =>
      `Visitors on several networks reported your post “${excerpt}”, so it is hidden from the feed until the ${PRODUCT_NAME} admin looks at it.`,
    reasons: (list) => `Their reasons: ${list}.`,
    next: 'You still see the post, with the reports, in Your posts. If you think this is a mistake, ask the admin to look again there.',
    button: 'Open your posts',
    signature: `— The ${PRODUCT_NAME} team`,
  },
  hi: {
    subject: 'आपकी पोस्ट एडमिन के देखने तक छिपा दी गई है',
    hello: (name) => `नमस्ते ${name},`,
    what: (excerpt) =>
      `कई अलग नेटवर्क के लोगों ने आपकी पोस्ट “${excerpt}” को रिपोर्ट किया, इसलिए ${PRODUCT_NAME} एडमिन के देखने तक यह फ़ीड से छिपा दी गई है।`,
    reasons: (list) => `उनके कारण: ${list}।`,
    next: 'आप यह पोस्ट रिपोर्ट के साथ अपनी पोस्ट में अब भी देख सकते हैं। अगर आपको लगता है कि यह गलती है, तो वहीं से एडमिन से दोबारा देखने को कहें।',
    button: 'अपनी पोस्ट खोलें',
    signature: `— ${PRODUCT_NAME} टीम`,
  },
};

/** Report reasons as the owner reads them (POST_REPORT_REASONS). */
const REASONS: Record<Language, Record<string, string>> = {
  en: {
    spam: 'spam',
    offensive: 'offensive',
    'misleading-price': 'misleading price',
    'not-local': 'not a local business',
    other: 'other',
  },
  hi: {
    spam: 'स्पैम',
    offensive: 'आपत्तिजनक',
    'misleading-price': 'गुमराह करने वाली कीमत',
    'not-local': 'स्थानीय व्यवसाय नहीं',
    other: 'अन्य',
  },
};

/** Tells a business that visitors' reports hid its post (docs/product.md §2, Admin routes), in its language. */
export function postHiddenMail(
  to: { email: string; name: string },
  post: { content: string; reasons: Record<string, number> },
  link: string,
  language: Language = 'en',
): MailMessage {
  const wording = WORDING[language];
  const excerpt = post.content.length > 80 ? `${post.content.slice(0, 79)}…` : post.content;
  const list = Object.entries(post.reasons)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, n]) => `${REASONS[language][reason] ?? reason} (${n})`)
    .join(', ');
  const lines = [wording.what(excerpt), wording.reasons(list), wording.next];
  const text = [wording.hello(to.name), '', ...lines, '', link, '', wording.signature].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:Arial,Helvetica,'Noto Sans Devanagari',sans-serif;font-size:16px;line-height:1.6;color:#1f2937">`,
    `<p>${escapeHtml(wording.hello(to.name))}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#ea580c;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(wording.button)}</a></p>`,
    `<p>${escapeHtml(wording.signature)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to: to.email, subject: wording.subject, text, html };
}
