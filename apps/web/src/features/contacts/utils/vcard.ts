import type { ContactImportRow } from '@aaspaas/domain';
import { toImportRow } from './import-row';

/** One content line of a card: `[group.]NAME[;PARAM…]:value`, after unfolding. */
type Property = { name: string; params: Map<string, string[]>; value: string };

/**
 * Lines of vCard 3.0/4.0 are folded by a line break followed by a space or tab; vCard 2.1 (the
 * Android export) also breaks quoted-printable values with a trailing '=' (a "soft" line break).
 */
function unfold(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.length ? out[out.length - 1]! : null;
    if (previous !== null && /^[ \t]/.test(line)) out[out.length - 1] = previous + line.slice(1);
    else if (previous !== null && /QUOTED-PRINTABLE/i.test(previous.split(':')[0] ?? '') && previous.endsWith('='))
      out[out.length - 1] = previous.slice(0, -1) + line;
    else out.push(line);
  }
  return out;
}

function parseLine(line: string): Property | null {
  const colon = line.indexOf(':');
  if (colon <= 0) return null;
  const [nameWithGroup = '', ...rawParams] = line.slice(0, colon).split(';');
  // 'item1.TEL' (Apple, Google): the group only ties a value to its label.
  const name = nameWithGroup.slice(nameWithGroup.lastIndexOf('.') + 1).toUpperCase();
  const params = new Map<string, string[]>();
  for (const raw of rawParams) {
    const eq = raw.indexOf('=');
    // vCard 2.1 writes bare types: 'TEL;CELL;PREF:…'.
    const key = eq === -1 ? 'TYPE' : raw.slice(0, eq).toUpperCase();
    const values = (eq === -1 ? raw : raw.slice(eq + 1))
      .split(',')
      .map((v) => v.replace(/^"|"$/g, '').trim())
      .filter(Boolean);
    params.set(key, [...(params.get(key) ?? []), ...values]);
  }
  return { name, params, value: line.slice(colon + 1) };
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value[i] === '=' ? value.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(value.charCodeAt(i) & 0xff);
  }
  try {
    return new TextDecoder(charset).decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(new Uint8Array(bytes));
  }
}

function rawValue(prop: Property): string {
  const encoding = [...(prop.params.get('ENCODING') ?? []), ...(prop.params.get('TYPE') ?? [])].map((v) => v.toUpperCase());
  if (encoding.includes('QUOTED-PRINTABLE')) return decodeQuotedPrintable(prop.value, prop.params.get('CHARSET')?.[0] ?? 'utf-8');
  return prop.value;
}

/** Split on separators that are not escaped ('\;' is a literal semicolon). */
function splitUnescaped(value: string, separator: ',' | ';'): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) {
      current += ch + value[i + 1];
      i++;
    } else if (ch === separator) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

function unescapeText(value: string): string {
  return value.replace(/\\([nN,;:\\])/g, (_, ch: string) => (ch === 'n' || ch === 'N' ? '\n' : ch));
}

const textOf = (prop: Property) => unescapeText(rawValue(prop)).trim();
const types = (prop: Property) => (prop.params.get('TYPE') ?? []).map((t) => t.toUpperCase());

/** N is 'Family;Given;Additional;Prefix;Suffix': read as 'Prefix Given Additional Family Suffix'. */
function nameFromN(prop: Property): string {
  const [family, given, additional, prefix, suffix] = splitUnescaped(rawValue(prop), ';').map((p) => unescapeText(p).trim());
  return [prefix, given, additional, family, suffix].filter(Boolean).join(' ');
}

function cardToRow(props: Property[]): ContactImportRow {
  const get = (name: string) => props.filter((p) => p.name === name);
  const firstText = (...names: string[]) => names.flatMap(get).map(textOf).find(Boolean);
  const n = get('N').map(nameFromN).find(Boolean);
  const org = get('ORG')
    .map((p) => splitUnescaped(rawValue(p), ';').map(unescapeText).join(' ').trim())
    .find(Boolean);
  // Mobiles first: a card may hold a landline and a mobile in either order.
  const tels = get('TEL')
    .map((p) => ({ value: textOf(p).replace(/^tel:/i, ''), mobile: types(p).some((t) => t === 'CELL' || t === 'MOBILE') }))
    .filter((t) => t.value);
  const phones = [...tels.filter((t) => t.mobile), ...tels.filter((t) => !t.mobile)].map((t) => t.value);
  const notes = get('NOTE').map(textOf).filter(Boolean).join('\n');
  return toImportRow({
    name: firstText('FN') ?? n ?? org,
    phones,
    email: firstText('EMAIL'),
    notes: notes || undefined,
    tags: get('CATEGORIES').flatMap((p) => splitUnescaped(rawValue(p), ',').map(unescapeText)),
    birthday: firstText('BDAY'),
    anniversary: firstText('ANNIVERSARY', 'X-ANNIVERSARY'),
  });
}

/**
 * Contacts from a .vcf file (a phone's "export contacts": many cards in one file). Reads names
 * (FN, else N, else ORG), every TEL (the first Indian mobile wins), EMAIL, BDAY, ANNIVERSARY,
 * NOTE and CATEGORIES; folded lines, quoted-printable vCard 2.1 values and escapes are handled.
 */
export function parseVCards(input: string): ContactImportRow[] {
  const rows: ContactImportRow[] = [];
  let card: Property[] | null = null;
  for (const line of unfold(input.replace(/^\uFEFF/, ''))) {
    const prop = parseLine(line.trim() ? line : '');
    if (!prop) continue;
    if (prop.name === 'BEGIN' && prop.value.trim().toUpperCase() === 'VCARD') card = [];
    else if (prop.name === 'END' && prop.value.trim().toUpperCase() === 'VCARD') {
      if (card) rows.push(cardToRow(card));
      card = null;
    } else card?.push(prop);
  }
  return rows;
}

export function looksLikeVCard(text: string): boolean {
  return /^\s*BEGIN:VCARD/im.test(text.slice(0, 2000));
}
