import type { AppUser, Language } from '@aaspaas/domain';
import { api } from './api-client';
import { hasChosenLanguage } from './language';
import { changeLanguage, currentLanguage } from './i18n';

/** Keeps the signed-in owner's choice on their account (the password email is written in it). */
export function saveAccountLanguage(language: Language): Promise<AppUser> {
  return api.put<AppUser>('/api/user/me', { language });
}

/**
 * On signing in: a device where a language was chosen keeps it, and the account learns it; a device
 * where none was chosen takes the account's. Failures are quiet: the page stays in the language it shows.
 */
export function reconcileAccountLanguage(user: AppUser, seed: (user: AppUser) => void): void {
  const shown = currentLanguage();
  if (user.language === shown) return;
  if (hasChosenLanguage()) {
    saveAccountLanguage(shown).then(seed, () => undefined);
  } else {
    changeLanguage(user.language).catch(() => undefined);
  }
}
