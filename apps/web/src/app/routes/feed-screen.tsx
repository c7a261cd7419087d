import { RefreshCw } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '@/components/layouts/public-layout';
import { FeedToolbar } from '@/features/feed/components/feed-toolbar';
import { OfflineNotice } from '@/features/feed/components/offline-notice';
import { LocationBar } from '@/features/location/components/location-bar';
import { cn } from '@/lib/utils';

type FeedScreenProps = {
  /** The product name: refresh the feed and scroll to the top. */
  onBrandClick: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  toolbar: ComponentProps<typeof FeedToolbar>;
  locationBar: Omit<ComponentProps<typeof LocationBar>, 'className'>;
  /** The side panel of wide screens: the route's loads on a wide screen only, the server's is drawn at once. */
  aside: ReactNode;
  /** The post list, and what floats above it (back to top, dialogs, the splash). */
  children: ReactNode;
};

/**
 * The public feed's frame (docs/product.md §2): sticky header with refresh, search and category, the side
 * panel on wide screens, the location bar, then the list. The feed route draws it with its state;
 * the server draws it with the first page into the feed's HTML (app/first-screen.server.tsx), so
 * both are the same markup.
 */
export function FeedScreen({ onBrandClick, onRefresh, refreshing, toolbar, locationBar, aside, children }: FeedScreenProps) {
  const { t } = useTranslation('feed');
  const refreshButton = (
    <button
      type="button"
      onClick={onRefresh}
      aria-label={t('refresh')}
      disabled={refreshing}
      className="inline-flex size-11 items-center justify-center rounded-xl text-foreground hover:bg-muted"
    >
      <RefreshCw className={cn('size-5', refreshing && 'animate-spin')} aria-hidden="true" />
    </button>
  );

  return (
    <PublicLayout
      onBrandClick={onBrandClick}
      brandLabel={t('refreshHome')}
      actions={refreshButton}
      toolbar={<FeedToolbar {...toolbar} />}
      mainClassName="pb-24"
      aside={aside}
    >
      <h1 className="sr-only">{t('title')}</h1>
      <LocationBar className="mx-3 my-3 sm:mx-0" {...locationBar} />
      <OfflineNotice />
      {children}
    </PublicLayout>
  );
}
