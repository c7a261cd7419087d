import type { ResourceLanguage } from 'i18next';
import { loaderKey } from './locale-files';

const loaders = import.meta.glob<ResourceLanguage[string]>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
});

/**
 * Every namespace of every language but English, by 'hi/feed', each its own chunk loaded when asked
 * for. This list is a chunk of its own too: an English visitor's first load does not carry it.
 */
export const otherLanguageLoaders = new Map(Object.entries(loaders).map(([file, load]) => [loaderKey(file), load] as const));
