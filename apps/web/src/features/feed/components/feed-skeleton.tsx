import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

/** Placeholder cards while the first page loads (same size as real cards: no jump). */
export function FeedSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="space-y-3 sm:space-y-4">
      <span className="sr-only">{t('loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className="bg-surface pt-3 sm:rounded-2xl sm:border sm:border-border">
          <div className="flex items-center gap-3 px-4">
            <Skeleton className="size-11 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <div className="space-y-2 px-4 pt-3">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
          </div>
          <Skeleton className="mt-3 aspect-[4/3] w-full rounded-none" />
          <div className="h-14" />
        </div>
      ))}
    </div>
  );
}
