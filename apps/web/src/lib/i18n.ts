import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every user-facing string goes through i18next (t('…')). English is bundled; another language is
 * a new folder src/locales/<lng>/ with the same JSON files, picked up here and loaded on demand.
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

const english = import.meta.glob<ResourceLanguage[string]>('../locales/en/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<ResourceLanguage[string]>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
});

function languageAndNamespace(file: string): [string, string] {
  const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  return [m?.[1] ?? DEFAULT_LANGUAGE, m?.[2] ?? 'common'];
}

export const SUPPORTED_LANGUAGES: string[] = [
  ...new Set([DEFAULT_LANGUAGE, ...Object.keys(others).map((f) => languageAndNamespace(f)[0])]),
];

const resources: Resource = { en: {} };
for (const [file, bundle] of Object.entries(english)) {
  const [, ns] = languageAndNamespace(file);
  (resources.en as ResourceLanguage)[ns] = bundle;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: SUPPORTED_LANGUAGES,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** Load a language's bundles (if not bundled) and switch to it. */
export async function changeLanguage(lng: string): Promise<void> {
  if (!SUPPORTED_LANGUAGES.includes(lng)) return;
  const loaders = Object.entries(others).filter(([file]) => languageAndNamespace(file)[0] === lng);
  await Promise.all(
    loaders.map(async ([file, load]) => {
      const [, ns] = languageAndNamespace(file);
      if (!i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, await load(), true, true);
    }),
  );
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export { i18n };
