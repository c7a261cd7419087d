import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE } from '@aaspaas/domain/rules';

/** A cookie's value, or null (and null outside a browser: the server's render). */
export function readCookie(name: string): string | null {
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
  // The browser's languages in its order of preference ('hi-IN' → 'hi').
  const browser = (navigator.languages ?? [navigator.language]).map((tag) => tag.split('-')[0]).find(isLanguage);
  return browser ?? DEFAULT_LANGUAGE;
}
