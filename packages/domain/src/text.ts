/** Cuts text to at most max characters, ending in '…' when cut (share text 100, enquiry 80: docs/product.md §9). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  if (chars.length <= max) return chars.join('');
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * C0 control characters and DEL. PostgreSQL refuses NUL in text outright, and the others only ever
 * arrive to break something (logs, CSV cells, terminals): no keyboard types them.
 */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F]/;
/** The same, less tab, line feed and carriage return: the white space of multi-line text. */
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTER_NOT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The first control character in a text ('U+0000'), or null; `multiLine` lets tab and line breaks through. */
export function findControlCharacter(text: string, multiLine: boolean): string | null {
  const found = (multiLine ? CONTROL_CHARACTER_NOT_WHITESPACE : CONTROL_CHARACTER).exec(text);
  if (!found) return null;
  return `U+${found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

export function controlCharacterMessage(field: string, codePoint: string): string {
  return `${field} contains a control character (${codePoint}), which is not allowed`;
}

/**
 * Characters that change the order or visibility of the text around them without being seen: the
 * bidi embeddings and overrides (U+202A–U+202E), the bidi isolates (U+2066–U+2069), and the
 * zero-width space, non-joiner, joiner, word joiner and byte-order mark. In a name they make
 * "Kumar Store" display as something else, or two different names look the same.
 *
 * The zero-width joiner and non-joiner are needed inside Indic words and emoji sequences, so
 * `stripInvisibleFormatting` keeps them between two letters or marks and drops them elsewhere.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const ZERO_WIDTH = /[\u200B\u2060\uFEFF\u180E]/g;
const JOINER_OUTSIDE_A_WORD =
  /(?<![\p{L}\p{M}\p{N}\p{Extended_Pictographic}\uFE0F])[\u200C\u200D]|[\u200C\u200D](?![\p{L}\p{M}\p{N}\p{Extended_Pictographic}])/gu;

/**
 * Removes bidi controls and zero-width characters that only serve to spoof (see above), and writes
 * the text in Unicode NFC: Devanagari's nukta letters (क़ ज़ फ़ …) come one way or two from different
 * keyboards, and search compares the stored text with NFC terms (parseSearchTerms).
 */
export function stripInvisibleFormatting(text: string): string {
  return text.replace(BIDI_CONTROLS, '').replace(ZERO_WIDTH, '').replace(JOINER_OUTSIDE_A_WORD, '').normalize('NFC');
}

/** A person's or a business's name as stored: no invisible formatting, one line, single spaces, trimmed. */
export function cleanName(text: string): string {
  return stripInvisibleFormatting(text).replace(/\s+/g, ' ').trim();
}
