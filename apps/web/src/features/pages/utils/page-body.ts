/**
 * The landing pages' body format (packages/domain/src/pages.ts): plain text; blank lines separate
 * paragraphs; a line starting '## ' is a heading, a line starting '- ' a list item. Web addresses,
 * email addresses and Indian phone numbers in the text become links. Everything stays text: the
 * renderer builds React elements, never HTML, so nothing in the body can inject markup or script.
 */
export type Block =
  { kind: 'heading'; text: string } | { kind: 'paragraph'; lines: string[] } | { kind: 'list'; items: string[] };

export type LinkKind = 'url' | 'email' | 'phone' | 'whatsapp';
export type Inline = { kind: 'text'; text: string } | { kind: 'link'; type: LinkKind; text: string; href: string };

export function parsePageBody(body: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const close = () => {
    if (current) blocks.push(current);
    current = null;
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (!line) {
      // A blank line ends a paragraph; list items separated by blank lines stay one list.
      if (current?.kind !== 'list') close();
      continue;
    }
    if (line.startsWith('## ')) {
      close();
      const text = line.slice(3).trim();
      if (text) blocks.push({ kind: 'heading', text });
      continue;
    }
    if (line.startsWith('- ')) {
      const item = line.slice(2).trim();
      if (current?.kind !== 'list') {
        close();
        current = { kind: 'list', items: [] };
      }
      if (item) current.items.push(item);
      continue;
    }
    if (current?.kind !== 'paragraph') {
      close();
      current = { kind: 'paragraph', lines: [] };
    }
    current.lines.push(line);
  }
  close();
  return blocks.filter((b) => b.kind !== 'list' || b.items.length > 0);
}

// Addresses and numbers found in text. Only http(s) and www. addresses are linked, so a
// 'javascript:' or 'data:' text can never become a link.
const URL_SOURCE = String.raw`\bhttps?:\/\/[^\s<>"']+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s<>"']*`;
const EMAIL_SOURCE = String.raw`\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\b`;
// +91 and ten digits; a ten-digit mobile number; a 1800 toll-free number; an STD landline (0xx …).
const PHONE_SOURCE = String.raw`\+91[\s-]?\d(?:[\s-]?\d){9}(?!\d)|\b[6-9]\d{4}[\s-]?\d{5}(?!\d)|\b1800[\s-]?\d{3}[\s-]?\d{4}(?!\d)|\b0\d{2,4}[\s-]\d{6,8}(?!\d)`;
const PATTERN = new RegExp(`(?<url>${URL_SOURCE})|(?<email>${EMAIL_SOURCE})|(?<phone>${PHONE_SOURCE})`, 'gi');

const TRAILING_PUNCTUATION = /[.,;:!?'")\]}]+$/;

function safeHttpUrl(text: string): string | null {
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** '+919004055501' for tel: links; the number as the country code and ten digits where it is Indian. */
export function phoneDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) return digits;
  if (digits.length === 10 && /^[6-9]/.test(digits)) return `91${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `91${digits.slice(1)}`;
  return digits; // toll-free 1800… numbers are dialled as they are
}

function phoneHref(text: string, whatsapp: boolean): string {
  const digits = phoneDigits(text);
  if (whatsapp) return `https://wa.me/${digits}`;
  return digits.startsWith('91') && digits.length === 12 ? `tel:+${digits}` : `tel:${digits}`;
}

/** Splits text into plain runs and links. `whatsapp`: phone numbers open WhatsApp instead of calling. */
export function linkify(text: string, { whatsapp = false }: { whatsapp?: boolean } = {}): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  const pushText = (t: string) => {
    if (!t) return;
    const prev = out.at(-1);
    if (prev?.kind === 'text') prev.text += t;
    else out.push({ kind: 'text', text: t });
  };
  for (const m of text.matchAll(PATTERN)) {
    const start = m.index;
    let match = m[0];
    const groups = m.groups ?? {};
    let link: Inline | null = null;
    if (groups.url) {
      match = match.replace(TRAILING_PUNCTUATION, '');
      const href = safeHttpUrl(match);
      if (href) link = { kind: 'link', type: 'url', text: match, href };
    } else if (groups.email) {
      link = { kind: 'link', type: 'email', text: match, href: `mailto:${match}` };
    } else if (groups.phone) {
      link = { kind: 'link', type: whatsapp ? 'whatsapp' : 'phone', text: match, href: phoneHref(match, whatsapp) };
    }
    if (!link) continue;
    pushText(text.slice(last, start));
    out.push(link);
    last = start + match.length;
  }
  pushText(text.slice(last));
  return out;
}

/** A line that talks about WhatsApp: its phone numbers open a WhatsApp chat. */
export function mentionsWhatsapp(text: string): boolean {
  return /whats\s?app/i.test(text);
}

export type ContactLink = { type: 'email' | 'phone' | 'whatsapp'; value: string; href: string; section: string | null };

/**
 * The email addresses, phone numbers and WhatsApp numbers in a page (for the contact page's big
 * buttons), each once, with the heading of the section it was found under.
 */
export function findContacts(body: string): ContactLink[] {
  const found: ContactLink[] = [];
  const seen = new Set<string>();
  let section: string | null = null;
  const scan = (line: string) => {
    for (const part of linkify(line, { whatsapp: mentionsWhatsapp(line) })) {
      if (part.kind !== 'link' || part.type === 'url') continue;
      const key = part.type === 'email' ? `email:${part.text.toLowerCase()}` : `${part.type}:${phoneDigits(part.text)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ type: part.type, value: part.text, href: part.href, section });
    }
  };
  for (const block of parsePageBody(body)) {
    if (block.kind === 'heading') section = block.text;
    else if (block.kind === 'list') block.items.forEach(scan);
    else block.lines.forEach(scan);
  }
  const order = { whatsapp: 0, phone: 1, email: 2 } as const;
  return found.sort((a, b) => order[a.type] - order[b.type]);
}
