import { ZOD_DEFAULT_MESSAGE } from '@aaspaas/domain/rules';
import { DEFAULT_LANGUAGE, i18n } from './i18n';
import { NOT_VALID } from './zod-messages';

export { applyPlainValidationMessages } from './zod-messages';

type Bundle = Record<string, string>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const patterns = new WeakMap<Bundle, { key: string; names: string[]; regex: RegExp }[]>();

/**
 * What a placeholder of a key may stand for, by its name. A number by default (the Indian grouping
 * '1,00,000' included): 'Enter at least {{n}}' must not take 'Enter at least 8 characters' for n.
 * A rupee amount ('₹{{rupees}}': 25, 1,250.50). The names below are text the server puts in: a
 * business's name, an admin's reason, a list of categories, a masked mobile number; the pattern is
 * anchored at both ends, so only a message with every fixed word of the key matches.
 */
const TEXT_PLACEHOLDERS = new Set(['text', 'businessName', 'reason', 'categories', 'masked', 'field', 'codePoint', 'character']);
const placeholderPattern = (name: string) => {
  if (TEXT_PLACEHOLDERS.has(name)) return '(.+?)';
  if (name === 'rupees') return '(\\d[\\d,]*(?:\\.\\d{1,2})?)';
  return '(\\d[\\d,]*)';
};

/** The bundle's keys with placeholders ('Please wait {{seconds}} seconds…') as patterns, built once per bundle. */
function patternsOf(bundle: Bundle) {
  let found = patterns.get(bundle);
  if (!found) {
    found = Object.keys(bundle)
      .filter((key) => key.includes('{{'))
      .map((key) => {
        const names = [...key.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
        const source = key
          .split(PLACEHOLDER)
          .map((part, i) => (i % 2 === 1 ? placeholderPattern(part) : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return { key, names, regex: new RegExp(`^${source}$`) };
      });
    patterns.set(bundle, found);
  }
  return found;
}

/**
 * A message of the API or of a shared contract (English sentences, docs/product.md §8) in the
 * language shown: the `messages` namespace is keyed by the English text itself, with {{n}} where the
 * server puts a number (or text, or a rupee amount: placeholderPattern). A message it does not know
 * stays as the server wrote it.
 */
export function translateMessage(message: string): string {
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  if (language === DEFAULT_LANGUAGE) return message;
  const bundle = i18n.getResourceBundle(language, 'messages') as Bundle | undefined;
  if (!bundle) return message;
  const exact = bundle[message];
  if (typeof exact === 'string') return exact;
  for (const { key, names, regex } of patternsOf(bundle)) {
    const match = regex.exec(message);
    const text = bundle[key];
    if (match && typeof text === 'string') {
      return text.replace(PLACEHOLDER, (_, name: string) => match[names.indexOf(name) + 1] ?? '');
    }
  }
  // zod's own English from the server ('notes: Too big: …', the field's path first): the forms check the
  // same contracts first, so it is rare; a plain "not valid" in the language shown rather than English.
  if (ZOD_DEFAULT_MESSAGE.test(message.replace(/^[\w.]+: /, ''))) return bundle[NOT_VALID] ?? message;
  return message;
}
