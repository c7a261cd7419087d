import { INSIGHTS_DAYS } from '@aaspaas/domain/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { isNetworkError } from '@/lib/not-found';
import { useInsights } from '../api/get-insights';
import { formatCount } from '@/lib/format';
import { InsightsChart } from './insights-chart';
import { ChartSkeleton } from './post-insights-panel';

/** 'whatsapp' counts taps on the WhatsApp button; 'whatsappReceived' the customers' messages tied to a post in the inbox. */
const TOTALS = ['posts', 'views', 'likes', 'shares', 'whatsapp', 'whatsappReceived'] as const;

/** The whole business: its totals since the first post, and its last 30 days as a chart. */
export function BusinessInsights() {
  const { t } = useTranslation('posts-history');
  const { t: tCommon } = useTranslation();
  const query = useInsights(null);
  const headingId = useId();
  const chartHeadingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={query.isPending}
      className="flex flex-col gap-3"
      data-testid="business-insights"
    >
      <h2 id={headingId} className="text-lg font-bold">
        {t('insights.title')}
      </h2>
      {query.isError ? (
        <ErrorCard
          title={t('insights.loadFailed')}
          message={isNetworkError(query.error) ? tCommon('errors.offline') : query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={t('insights.totalsLabel')}>
            {TOTALS.map((key) => (
              <div key={key} className="rounded-2xl border border-border bg-surface px-3 py-2">
                <dt className="truncate text-sm font-semibold text-muted-foreground">{t(`insights.totals.${key}`)}</dt>
                <dd className="text-xl font-extrabold tabular-nums" data-testid={`total-${key}`}>
                  {query.data ? formatCount(query.data.lifetime[key]) : <Skeleton className="mt-1 h-6 w-12" />}
                </dd>
              </div>
            ))}
          </dl>
          <div className="rounded-2xl border border-border bg-surface p-3 sm:p-4" aria-labelledby={chartHeadingId} role="region">
            <h3 id={chartHeadingId} className="mb-2 font-bold">
              {t('insights.chartTitle', { days: INSIGHTS_DAYS })}
            </h3>
            {query.data ? (
              <InsightsChart insights={query.data} label={t('insights.businessLabel', { days: INSIGHTS_DAYS })} />
            ) : (
              <ChartSkeleton />
            )}
          </div>
        </>
      )}
    </section>
  );
}
