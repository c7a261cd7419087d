import { PRODUCT_NAME } from '@aaspaas/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError } from '@/lib/not-found';

/** An admin pricing page: title, what it sets, and its content once the prices have loaded. */
export function PricingPageShell<T>({
  title,
  intro,
  query,
  children,
}: {
  title: string;
  intro: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('pricing');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(`${title} · ${tAdmin('title', { product: PRODUCT_NAME })}`);

  return (
    <section className="flex max-w-3xl flex-col gap-6 py-4">
      <div className="flex flex-col gap-2">
        <Link to={paths.admin.dashboard.getHref()} className={buttonVariants({ variant: 'ghost', className: 'self-start' })}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          {t('back')}
        </Link>
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{intro}</p>
      </div>
      {query.isError && !query.data ? (
        <ErrorCard
          title={t('loadError')}
          message={isNetworkError(query.error) ? tCommon('errors.offline') : query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : query.data === undefined ? (
        <p role="status" className="text-muted-foreground">
          {t('loading')}
        </p>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
