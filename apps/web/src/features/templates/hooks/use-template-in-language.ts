import { type Language, type Template, templateWording } from '@aaspaas/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A template with its picture text and post text in the language shown (the Hindi ones on a Hindi
 * screen when the admin wrote them), and that language for the server's picture and the filled values.
 */
export function useTemplateInLanguage<T extends Template>(template: T): { template: T; language: Language } {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'hi' ? 'hi' : 'en';
  const shown = useMemo(() => ({ ...template, ...templateWording(template, language) }), [template, language]);
  return { template: shown, language };
}
