import { AlertTriangle, Crosshair, Layers, MapPin, RotateCcw, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export type EmptyActions = {
  onUseMyLocation: () => void;
  onSearchPlace: () => void;
  onShowAll: () => void;
  onClearFilters: () => void;
};

/**
 * Empty feed (spec §2): 'No posts near this location.' with Use my location, Search place and
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
export function FeedError({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation('feed');
  return (
    <section role="alert" className="mx-4 my-6 rounded-2xl border border-danger/40 bg-danger-soft p-6 text-center sm:mx-0">
      <AlertTriangle className="mx-auto size-10 text-danger" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-bold text-danger">{title}</h2>
      {message && message !== title ? <p className="mt-1 break-words text-foreground">{message}</p> : null}
      <Button size="lg" className="mt-5" onClick={onRetry} disabled={retrying}>
        <RotateCcw className={retrying ? 'size-5 animate-spin' : 'size-5'} aria-hidden="true" />
        {t('retry')}
      </Button>
    </section>
  );
}
