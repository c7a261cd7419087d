import type { TFunction } from 'i18next';
import { notify } from '@/lib/notify';
import { isNetworkError } from '@/lib/not-found';
import { isAuthError } from '@/lib/query-client';

/**
 * The docs/product.md §8 toast of a failed contacts action ('Failed to add contact' …). An expired session
 * says 'Authentication expired' instead; `shownOnPage` leaves the reason out of the toast when the
 * page already shows it (next to the field it concerns).
 */
export function notifyFailure(t: TFunction<'contacts'>, title: string, error: unknown, shownOnPage = false): void {
  if (isAuthError(error)) {
    void notify(t('toast.authExpired'), 'error', t('toast.authExpiredDescription'));
    return;
  }
  if (shownOnPage) {
    void notify(title, 'error');
    return;
  }
  const reason = isNetworkError(error) ? t('errors.offline') : error instanceof Error ? error.message : undefined;
  void notify(title, 'error', reason);
}
