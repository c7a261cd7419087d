import { Crosshair, Layers, MapPin, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Button } from '@/components/ui/button';

export type EmptyActions = {
  onUseMyLocation: () => void;
  onSearchPlace: () => void;
  onShowAll: () => void;
  onClearFilters: () => void;
};

/**
 * Empty feed (docs/product.md §2): 'No posts near this location.' with Use my location, Search place and
 * Show all (clears the location). With a search or category on and no location, offers to clear them.
 */
export function FeedEmpty({
  hasLocation,
  hasFilters,
  actions,
}: {
  hasLocation: boolean;
  hasFilters: boolean;
  actions: EmptyActions;
}) {
  const { t } = useTranslation('feed');
  const noMatch = hasFilters && !hasLocation;
  return (
    <section
      data-testid="empty-state"
      aria-labelledby="feed-empty-title"
      className="mx-4 my-6 rounded-2xl border border-border bg-surface p-6 text-center sm:mx-0"
    >
      {noMatch ? (
        <SearchX className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      ) : (
        <MapPin className="mx-auto size-10 text-muted-foreground" aria-hidden="true" />
      )}
      <h2 id="feed-empty-title" className="mt-3 text-lg font-bold">
        {noMatch ? t('empty.noResults') : t('empty.title')}
      </h2>
      <div className="mt-5 flex flex-col gap-2">
        {!noMatch ? (
          <>
            <Button size="lg" onClick={actions.onUseMyLocation}>
              <Crosshair className="size-5" aria-hidden="true" />
              {t('empty.useLocation')}
            </Button>
            <Button size="lg" variant="secondary" onClick={actions.onSearchPlace}>
              <MapPin className="size-5" aria-hidden="true" />
              {t('empty.searchPlace')}
            </Button>
            <Button size="lg" variant="secondary" onClick={actions.onShowAll}>
              <Layers className="size-5" aria-hidden="true" />
              {t('empty.showAll')}
            </Button>
          </>
        ) : null}
        {hasFilters ? (
          <Button size="lg" variant={noMatch ? 'primary' : 'ghost'} onClick={actions.onClearFilters}>
            {t('empty.clearFilters')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** 'Failed to load feed' / 'Failed to load nearby posts' with the server's reason and a retry. */
export function FeedError(props: { title: string; message: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('feed');
  return <ErrorCard {...props} retryLabel={t('retry')} />;
}
