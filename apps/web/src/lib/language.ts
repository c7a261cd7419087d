import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  languageFromAcceptLanguage,
} from '@aaspaas/domain/rules';

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const found = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/**
 * The language the app starts in: the device's choice (the cookie), else the page's `<html lang>`
 * (the server chose it from Accept-Language), else the browser's languages. A page the service
 * worker serves is its stored copy (lang="en"): the cookie and the browser's languages decide then.
 */
export function initialLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const cookie = readCookie(LANGUAGE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  const page = document.documentElement.lang;
  if (isLanguage(page) && page !== DEFAULT_LANGUAGE) return page;
  return languageFromAcceptLanguage(navigator.languages?.join(',') ?? navigator.language) ?? DEFAULT_LANGUAGE;
}

/** Whether a language was chosen on this device (the switch writes the cookie; nothing else does). */
export function hasChosenLanguage(): boolean {
  return isLanguage(readCookie(LANGUAGE_COOKIE));
}

/** Keeps the choice on this device, for the server's pages as for the app. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

let devanagari: Promise<unknown> | null = null;

/** The Devanagari font's stylesheet, fetched once and only for Hindi: English pages never load it. */
export function loadDevanagariFont(): Promise<unknown> {
  devanagari ??= import('../styles/devanagari.css').catch(() => {
    devanagari = null;
  });
  return devanagari;
}
