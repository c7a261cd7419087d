import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGES } from '@aaspaas/domain/rules';
import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLanguage } from './language';
import common from '../locales/en/common.json';
import feed from '../locales/en/feed.json';
import location from '../locales/en/location.json';

/**
 * Every user-facing string goes through i18next (t('…')). Only the English namespaces the feed's
 * first screen shows are bundled (the first-load budget, docs/performance.md); every other namespace, and every
 * other language (a folder src/locales/<lng>/ with the same JSON files), is its own small chunk,
 * loaded when a component asks for it: useTranslation('auth') suspends until it has arrived (the
 * Suspense boundaries are in app/router.tsx and app/provider.tsx), and preloadNamespaces() fetches them ahead. Hindi is
 * such a language: an English visitor's first load carries none of it (docs/performance.md).
 */
export { DEFAULT_LANGUAGE };
export const NAMESPACES = [
  'common',
  'feed',
  'location',
  'business',
  'pages',
  'debug',
  'placeholders',
  'auth',
  'app',
  'profile',
  'admin',
  'contacts',
  'publishing',
  'templates',
  'posts-history',
  'learn',
  'pricing',
  'wallet',
  'admin-content',
  'messages',
  'language',
  'sms',
  'counter',
  'whatsapp',
  'dialogs',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const BUNDLED = { common, feed, location } satisfies Partial<Record<Namespace, ResourceLanguage[string]>>;
const LAZY_NAMESPACES = NAMESPACES.filter((ns) => !(ns in BUNDLED));

type Loader = () => Promise<ResourceLanguage[string]>;

// The lazy namespaces' lists are chunks of their own (english-files.ts, other-language-files.ts): the
// feed's first load carries neither list.
function loaderFor(lng: string, ns: string): Promise<Loader | undefined> {
  if (lng === DEFAULT_LANGUAGE) return import('./english-files').then(({ englishLoader }) => englishLoader(ns));
  return import('./other-language-files').then(({ otherLanguageLoader }) => otherLanguageLoader(lng, ns));
}

export const SUPPORTED_LANGUAGES: readonly string[] = LANGUAGES;

/** i18next backend: a namespace's JSON chunk; a language without that file gets an empty bundle. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    loaderFor(lng, ns)
      .then((load) => (load ? load() : {}))
      .then(
        (bundle) => callback(null, bundle),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
  },
};

const startLanguage = initialLanguage();

const initialised = i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: BUNDLED },
    partialBundledLanguages: true,
    lng: startLanguage,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: SUPPORTED_LANGUAGES,
    ns: Object.keys(BUNDLED),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Fetch the namespaces not bundled (all by default), so the pages that use them render at once. */
export function preloadNamespaces(namespaces: readonly Namespace[] = LAZY_NAMESPACES): Promise<void> {
  return i18n.loadNamespaces([...namespaces]);
}

/**
 * Resolves once the starting language's first-screen namespaces are in (at once for English, whose
 * are bundled; Hindi's come with its font's faces, other-language-files.ts): the app renders after
 * it, so a Hindi visitor's first render is in Hindi, drawn with its font.
 */
export const languageReady: Promise<unknown> = initialised;

/** The language the app shows now. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
}

export { i18n };
