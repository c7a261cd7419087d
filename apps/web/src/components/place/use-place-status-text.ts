import { useTranslation } from 'react-i18next';
import type { PlaceSearchStatus } from '@/lib/api/search-places';

/** The status line of a place search in the spec's words ('Searching…', 'No places found'), or null. */
export function usePlaceStatusText(status: PlaceSearchStatus, errorMessage: string | null): string | null {
  const { t } = useTranslation('dialogs');
  switch (status) {
    case 'hint':
      return t('placeSearch.hint');
    case 'searching':
      return t('placeSearch.searching');
    case 'failed':
      return errorMessage ?? t('placeSearch.failed');
    case 'none':
      return t('placeSearch.noResults');
    default:
      return null;
  }
}
