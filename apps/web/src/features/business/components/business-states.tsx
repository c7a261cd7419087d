import { Home, Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

/** The header's shape while the profile loads (same height as the real one: no jump). */
export function BusinessHeaderSkeleton() {
  const { t } = useTranslation('business');
  return (
    <div role="status" aria-live="polite" className="border-border bg-surface px-4 py-5 sm:rounded-2xl sm:border">
      <h1 className="sr-only">{t('loading')}</h1>
      <div aria-hidden="true" className="flex items-center gap-4">
        <div className="skeleton size-20 shrink-0 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/4" />
        </div>
      </div>
      <div aria-hidden="true" className="mt-5 grid grid-cols-2 gap-2">
        <Skeleton className="h-12 rounded-xl" />
        <Skeleton className="h-12 rounded-xl" />
      </div>
      <div aria-hidden="true" className="mt-5 space-y-3">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-16 w-full" />
      </div>
    </div>
  );
}

/** 'Business not found' with a way back to the feed; it is the page's heading. */
export function BusinessNotFound() {
  const { t } = useTranslation('business');
  return (
    <section
      data-testid="business-not-found"
      className="mx-4 my-6 rounded-2xl border border-border bg-surface p-6 text-center sm:mx-0"
    >
      <Store className="mx-auto size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-2 text-muted-foreground">{t('notFound.body')}</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg', className: 'mt-6' })}>
        <Home className="size-5" aria-hidden="true" />
        {t('backToFeed')}
      </Link>
    </section>
  );
}

/** 'Failed to load …' with the reason and a retry. `heading` makes it the page's h1. */
export function BusinessError(props: {
  title: string;
  message?: string;
  onRetry: () => void;
  retrying: boolean;
  heading?: 'h1' | 'h2';
}) {
  const { t } = useTranslation('business');
  return <ErrorCard {...props} retryLabel={t('retry')} />;
}
