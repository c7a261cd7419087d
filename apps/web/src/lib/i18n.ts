import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/en/common.json';
import feed from '../locales/en/feed.json';
import location from '../locales/en/location.json';

/**
 * Every user-facing string goes through i18next (t('…')). Only the English namespaces the feed's
 * first screen shows are bundled (the first-load budget, docs/performance.md); every other namespace, and every
 * other language (a folder src/locales/<lng>/ with the same JSON files), is its own small chunk,
 * loaded when a component asks for it: useTranslation('auth') suspends until it has arrived (the
 * Suspense boundary is in app/provider.tsx), and preloadNamespaces() fetches them ahead.
 */
export const DEFAULT_LANGUAGE = 'en';
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
  'sms',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const BUNDLED = { common, feed, location } satisfies Partial<Record<Namespace, ResourceLanguage[string]>>;
const LAZY_NAMESPACES = NAMESPACES.filter((ns) => !(ns in BUNDLED));

const loaders = import.meta.glob<ResourceLanguage[string]>(
  ['../locales/*/*.json', '!../locales/en/common.json', '!../locales/en/feed.json', '!../locales/en/location.json'],
  { import: 'default' },
);

function languageAndNamespace(file: string): [string, string] {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return [m?.[1] ?? DEFAULT_LANGUAGE, m?.[2] ?? 'common'];
}

const loaderByKey = new Map(Object.entries(loaders).map(([file, load]) => [languageAndNamespace(file).join('/'), load] as const));

export const SUPPORTED_LANGUAGES: string[] = [
  ...new Set([DEFAULT_LANGUAGE, ...Object.keys(loaders).map((f) => languageAndNamespace(f)[0])]),
];

/** i18next backend: a namespace's JSON chunk; a language without that file gets an empty bundle. */
const chunkBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = loaderByKey.get(`${lng}/${ns}`);
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

void i18n
  .use(chunkBackend)
  .use(initReactI18next)
  .init({
    resources: { [DEFAULT_LANGUAGE]: BUNDLED },
    partialBundledLanguages: true,
    lng: DEFAULT_LANGUAGE,
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

/** Switch language; i18next fetches the new language's bundles of every namespace in use. */
export async function changeLanguage(lng: string): Promise<void> {
  if (!SUPPORTED_LANGUAGES.includes(lng)) return;
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export { i18n };
