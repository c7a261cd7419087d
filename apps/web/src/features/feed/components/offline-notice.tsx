import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '@/hooks/use-online';

/** Offline, the feed shows the posts and photos kept from the last visit (the service worker's cache): say so. */
export function OfflineNotice() {
  const { t } = useTranslation('feed');
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      data-testid="offline-notice"
      className="mx-3 mb-3 flex items-center gap-2 rounded-xl border border-border bg-muted px-4 py-3 font-semibold sm:mx-0"
    >
      <WifiOff className="size-5 shrink-0" aria-hidden="true" />
      {t('offline.notice')}
    </p>
  );
}
