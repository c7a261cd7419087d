import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { categoriesQueryOptions } from '@/lib/api/get-categories';

/**
 * Platform content (category names, template titles) in the language shown: its Hindi name on a
 * Hindi screen when it has one, else the English name.
 */
export function useLocalName(): (name: string, nameHi: string | null | undefined) => string {
  const { i18n } = useTranslation();
  const hindi = i18n.language === 'hi';
  return (name, nameHi) => (hindi && nameHi ? nameHi : name);
}

/**
 * A business category's name as shown, looked up in the feed's list (posts and profiles keep the
 * English name). Only a Hindi screen asks for the list: an English one shows the name as it is.
 */
export function useCategoryName(): (name: string) => string {
  const { i18n } = useTranslation();
  const hindi = i18n.language === 'hi';
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: hindi });
  const list = hindi && Array.isArray(categories.data) ? categories.data : [];
  const hindiOf = new Map(list.map((c) => [c.name.toLowerCase(), c.nameHi]));
  return (name) => hindiOf.get(name.toLowerCase()) || name;
}
