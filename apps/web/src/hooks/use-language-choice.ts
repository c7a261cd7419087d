import { isLanguage, type Language } from '@aaspaas/domain/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSignedIn } from '@/lib/auth';
import { changeLanguage, saveAccountLanguage } from '@/lib/change-language';
import { DEFAULT_LANGUAGE } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { seedSessionUser } from '@/lib/session-runtime';

/**
 * The language shown and a way to choose another: the page redraws in place once that language's
 * texts are in (no reload); the choice is kept on the device and, when signed in, on the account.
 */
export function useLanguageChoice() {
  const { t, i18n } = useTranslation('language');
  const [pending, setPending] = useState<Language | null>(null);
  const shown: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;

  async function choose(language: Language): Promise<void> {
    if (language === shown || pending) return;
    setPending(language);
    try {
      await changeLanguage(language);
      if (isSignedIn()) {
        saveAccountLanguage(language).then(seedSessionUser, () => undefined);
      }
    } catch {
      void notify(t('failed'), 'error');
    } finally {
      setPending(null);
    }
  }

  return { shown, pending, choose };
}
