import type { AppUser } from '@aaspaas/domain';
import { DEFAULT_LANGUAGE, isLanguage, type Language, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@aaspaas/domain/rules';
import { api } from './api-client';
import { currentLanguage, i18n, SUPPORTED_LANGUAGES } from './i18n';
import { readCookie } from './language';

/** Whether a language was chosen on this device (the switch writes the cookie; nothing else does). */
export function hasChosenLanguage(): boolean {
  return isLanguage(readCookie(LANGUAGE_COOKIE));
}

/** Keeps the choice on this device, for the server's pages as for the app. */
function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/**
 * Switch language without a reload: the new language's bundles of every namespace loaded so far
 * (Hindi's after its font's faces, other-language-files.ts) arrive first, then everything redraws at
 * once; `<html lang>` and the device's cookie follow.
 */
export async function changeLanguage(language: Language): Promise<void> {
  if (!SUPPORTED_LANGUAGES.includes(language)) return;
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  rememberLanguage(language);
}

/** Keeps the signed-in owner's choice on their account (the password email is written in it). */
export function saveAccountLanguage(language: Language): Promise<AppUser> {
  return api.put<AppUser>('/api/user/me', { language });
}

/**
 * On signing in: a device where a language was chosen keeps it, and the account learns it. A device
 * where none was chosen shows the browser's language, and takes the account's only when the owner
 * chose one other than English (English is every account's default, so it says nothing).
 * Failures are quiet: the page stays in the language it shows.
 */
export function reconcileAccountLanguage(user: AppUser, seed: (user: AppUser) => void): void {
  const shown = currentLanguage();
  if (user.language === shown) return;
  if (hasChosenLanguage()) saveAccountLanguage(shown).then(seed, () => undefined);
  else if (user.language !== DEFAULT_LANGUAGE) changeLanguage(user.language).catch(() => undefined);
}
