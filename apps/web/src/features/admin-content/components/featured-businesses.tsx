import { ArrowRight, Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { paths } from '@/config/paths';
import { useBusinessCards } from '../api/get-business-cards';

/**
 * The dashboard's list of the businesses the admin featured, most recently featured first (one server
 * page), each linking to its public page, and a link to manage them on Business Cards.
 */
export function FeaturedBusinesses() {
  const { t } = useTranslation('admin-content');
  const { t: tFeed } = useTranslation('feed');
  const featured = useBusinessCards('', 1, true);
  const manage = (
    <Link
      to={paths.admin.businessCards.getHref({ featured: true })}
      className="inline-flex min-h-11 items-center gap-1 self-start font-semibold text-primary hover:underline"
    >
      {t('featured.manage')}
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );

  return (
    <section aria-labelledby="featured-title" className="flex flex-col gap-2" data-testid="featured-businesses">
      <h2 id="featured-title" className="flex items-center gap-2 text-lg font-bold">
        <Star className="size-5 text-primary" aria-hidden="true" />
        {t('featured.title')}
        {featured.data ? (
          <span className="text-sm font-semibold text-muted-foreground">
            {t('featured.count', { count: featured.data.total })}
          </span>
        ) : null}
      </h2>
      <p className="text-sm text-muted-foreground">{t('featured.intro')}</p>
      {featured.isError && !featured.data ? (
        <ErrorCard
          title={t('featured.loadError')}
          message={featured.error.message}
          onRetry={() => void featured.refetch()}
          retrying={featured.isFetching}
          retryLabel={t('retry')}
        />
      ) : !featured.data ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">{t('featured.loading')}</span>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : featured.data.items.length === 0 ? (
        <>
          <p className="rounded-2xl border border-border bg-surface p-4 text-muted-foreground">{t('featured.empty')}</p>
          {manage}
        </>
      ) : (
        <>
          <ul className="divide-y divide-border rounded-2xl border border-border bg-surface">
            {featured.data.items.map((card) => (
              <li key={card.userId} className="flex min-h-12 flex-wrap items-center gap-x-2 px-4 py-2">
                <Link to={paths.business.getHref(card.userId)} className="font-semibold break-words hover:underline">
                  {card.businessName}
                </Link>
                {card.verified ? <VerifiedBadge text={tFeed('post.verified')} label={tFeed('post.verifiedLabel')} /> : null}
                {card.city ? <span className="text-sm text-muted-foreground">{card.city}</span> : null}
              </li>
            ))}
          </ul>
          {featured.data.total > featured.data.items.length ? (
            <p className="text-sm text-muted-foreground">
              {t('featured.more', { count: featured.data.total - featured.data.items.length })}
            </p>
          ) : null}
          {manage}
        </>
      )}
    </section>
  );
}
