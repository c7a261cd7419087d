import { Store } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError, isNotFoundError } from '@/lib/not-found';
import { useJoinBusiness, type JoinBusiness } from '../api/get-join-business';
import { JoinForm } from './join-form';
import { OptOutForm } from './opt-out-form';

function BusinessHeading({ business }: { business: JoinBusiness }) {
  const { t } = useTranslation('contacts');
  return (
    <header className="flex items-center gap-4">
      {business.profileImageUrl ? (
        <img
          src={business.profileImageUrl}
          alt=""
          width={64}
          height={64}
          className="size-16 shrink-0 rounded-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-16 shrink-0 items-center justify-center rounded-full bg-primary-soft"
        >
          <Store className="size-8 text-primary" />
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-semibold text-muted-foreground">{t('join.kicker')}</p>
        <h1 className="text-2xl leading-tight font-extrabold break-words">{business.businessName}</h1>
        {business.city ? <p className="text-muted-foreground">{business.city}</p> : null}
      </div>
    </header>
  );
}

function JoinNotFound() {
  const { t } = useTranslation('contacts');
  return (
    <section className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-surface p-6 text-center">
      <Store className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-xl font-bold">{t('join.notFoundTitle')}</h1>
      <p className="text-muted-foreground">{t('join.notFoundBody')}</p>
      <Link to={paths.home.getHref()} className={buttonVariants({ size: 'lg' })}>
        {t('join.toFeed')}
      </Link>
    </section>
  );
}

/**
 * /join/{businessId}: the public opt-in page a customer reaches from the shop's QR code. No account:
 * the customer adds themself with explicit consent, or stops the business's messages with their number,
 * either after proving the number is theirs with the code sent to it by SMS.
 */
export function JoinPage({ businessId }: { businessId: string }) {
  const { t } = useTranslation('contacts');
  const { t: tCommon } = useTranslation();
  const business = useJoinBusiness(businessId);
  const notFound = business.isError && isNotFoundError(business.error);
  useDocumentTitle(
    business.data ? t('join.documentTitle', { business: business.data.businessName }) : notFound ? t('join.notFoundTitle') : null,
  );

  if (business.data) {
    return (
      <div className="flex flex-col gap-5 px-4 py-6">
        <BusinessHeading business={business.data} />
        <p>{t('join.intro', { business: business.data.businessName })}</p>
        <JoinForm business={business.data} />
        <OptOutForm business={business.data} />
      </div>
    );
  }
  if (notFound) {
    return (
      <div className="px-4 py-6">
        <JoinNotFound />
      </div>
    );
  }
  if (business.isError) {
    return (
      <ErrorCard
        heading="h1"
        title={t('join.loadFailed')}
        message={isNetworkError(business.error) ? t('errors.offline') : business.error.message}
        onRetry={() => void business.refetch()}
        retrying={business.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  }
  return (
    <div className="flex flex-col gap-4 px-4 py-6" data-testid="join-loading">
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-7 w-48" />
      </div>
      <Skeleton className="h-72 w-full rounded-2xl" />
    </div>
  );
}
