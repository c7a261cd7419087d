import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Spinner } from '@/components/ui/spinner';
import { useSessionProblem } from '@/lib/session';

/**
 * What a guarded page shows while the session resolves (docs/product.md §2: a loading text with the product
 * name and the 'Loading...' spinner), or, when the API cannot give the signed-in user, why and a
 * retry instead of an endless spinner.
 */
export function SessionPending({ withProductName }: { withProductName: boolean }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { error, retry, retrying } = useSessionProblem();
  if (error) {
    return (
      <main id="main" className="mx-auto max-w-md px-2 pt-10">
        <ErrorCard
          heading="h1"
          title={t('session.errorTitle')}
          message={error.message}
          onRetry={retry}
          retrying={retrying}
          retryLabel={t('session.retry')}
        />
      </main>
    );
  }
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-6 text-center">
      {withProductName ? (
        <p className="text-xl font-bold text-foreground">{t('loadingProduct', { product: PRODUCT_NAME })}</p>
      ) : null}
      <span className="inline-flex items-center gap-2 text-muted-foreground">
        <Spinner />
        {tc('loading')}
      </span>
    </div>
  );
}
