import type { ResourceLanguage } from 'i18next';
import { loadDevanagariFont } from './devanagari-font';
import { loaderKey } from './locale-files';

const loaders = import.meta.glob<ResourceLanguage[string]>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
});

/**
 * Every namespace of every language but English, by 'hi/feed', each its own chunk loaded when asked
 * for. This list is a chunk of its own too: an English visitor's first load does not carry it.
 */
export const otherLanguageLoaders = new Map(Object.entries(loaders).map(([file, load]) => [loaderKey(file), load] as const));

/**
 * A namespace's loader for a language other than English. Hindi's are handed over once its font's
 * faces are in (devanagari-font.ts): i18next shows a language only when its texts have arrived, so
 * Hindi is never drawn before its font, and an English visitor's first load carries none of this.
 */
export async function otherLanguageLoader(lng: string, ns: string) {
  if (lng === 'hi') await loadDevanagariFont();
  return otherLanguageLoaders.get(`${lng}/${ns}`);
}
