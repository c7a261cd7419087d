import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/notify';
import { isAuthError } from '@/lib/query-client';

/** docs/product.md §8: a contacts call refused for an expired session says 'Authentication expired' once per failure. */
export function useAuthExpiredNotice(error: unknown): void {
  const { t } = useTranslation('contacts');
  useEffect(() => {
    if (error && isAuthError(error)) void notify(t('toast.authExpired'), 'error', t('toast.authExpiredDescription'));
  }, [error, t]);
}
