import { INSIGHTS_DAYS, formatRupees } from '@aaspaas/domain/rules';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { isNetworkError } from '@/lib/not-found';
import { useClaimTotals } from '../api/get-claim-totals';
import { useInsights } from '../api/get-insights';
import { InsightsChart } from './insights-chart';

export function ChartSkeleton() {
  const { t } = useTranslation('posts-history');
  return (
    <div className="flex flex-col gap-3" data-testid="chart-loading">
      <span className="sr-only">{t('chart.loading')}</span>
      <Skeleton className="h-4 w-48" />
      <Skeleton className="h-36 w-full" />
    </div>
  );
}

/** An offer's claims → redeemed → ₹ received (docs/product.md §3, Claims), beside its views and enquiries. */
function ClaimTotalsLine({ postId }: { postId: string }) {
  const { t } = useTranslation('posts-history');
  const totals = useClaimTotals(postId, true);
  if (!totals.data) return null;
  const { claims, redeemed, receivedPaise } = totals.data;
  return (
    <p className="mb-2 text-sm font-semibold" data-testid="claim-totals">
      {t('insights.claims', { count: claims })} · {t('insights.redeemed', { count: redeemed })} ·{' '}
      {t('insights.received', { amount: formatRupees(receivedPaise) })}
    </p>
  );
}

/** One post's chart, fetched when the owner opens it (nothing is downloaded for closed posts); an offer's claims too. */
export function PostInsightsPanel({ postId, id, offer = false }: { postId: string; id: string; offer?: boolean }) {
  const { t } = useTranslation('posts-history');
  const { t: tCommon } = useTranslation();
  const query = useInsights(postId);
  return (
    <div id={id} className="border-t border-border pt-3" data-testid="post-insights">
      <h4 className="mb-2 font-bold">{t('insights.postTitle', { days: INSIGHTS_DAYS })}</h4>
      {offer ? <ClaimTotalsLine postId={postId} /> : null}
      {query.isPending ? (
        <ChartSkeleton />
      ) : query.isError ? (
        <ErrorCard
          title={t('insights.loadFailed')}
          message={isNetworkError(query.error) ? tCommon('errors.offline') : query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : (
        <>
          {/* Customers' messages naming this post in the inbox: a figure apart from the button taps in the chart. */}
          <p className="mb-2 text-sm font-semibold" data-testid="whatsapp-received">
            {t('insights.whatsappReceived', { count: query.data.lastDays.whatsappReceived, days: INSIGHTS_DAYS })}
          </p>
          <InsightsChart insights={query.data} label={t('insights.postLabel', { days: INSIGHTS_DAYS })} />
        </>
      )}
    </div>
  );
}
