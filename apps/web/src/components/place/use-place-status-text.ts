import { useTranslation } from 'react-i18next';
import type { PlaceSearchStatus } from '@/lib/api/search-places';

/** The status line of a place search in the spec's words ('Searching…', 'No places found'), or null. */
export function usePlaceStatusText(status: PlaceSearchStatus, errorMessage: string | null): string | null {
  const { t } = useTranslation('location');
  switch (status) {
    case 'hint':
      return t('search.hint');
    case 'searching':
      return t('search.searching');
    case 'failed':
      return errorMessage ?? t('search.failed');
    case 'none':
      return t('search.noResults');
    default:
      return null;
  }
}
