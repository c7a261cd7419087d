import type { ResourceLanguage } from 'i18next';
import { loaderKey } from './locale-files';

// The bundled namespaces (i18n.ts) are in the first load already.
const loaders = import.meta.glob<ResourceLanguage[string]>(
  ['../locales/en/*.json', '!../locales/en/common.json', '!../locales/en/feed.json', '!../locales/en/location.json'],
  { import: 'default' },
);

/**
 * English's namespaces that are not bundled, by 'en/auth', each its own chunk loaded when asked for.
 * This list is a chunk of its own: the feed's first screen needs none of them (docs/performance.md).
 */
const englishLoaders = new Map(Object.entries(loaders).map(([file, load]) => [loaderKey(file), load] as const));

export function englishLoader(ns: string) {
  return englishLoaders.get(`en/${ns}`);
}
