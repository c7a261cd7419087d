import { formatCount } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { isNetworkError } from '@/lib/not-found';
import { useEngagementSpikes } from '../api/get-engagement-spikes';

/**
 * Posts whose likes, views or shares rose abnormally fast in the last hour. Shown for the admin to
 * look at, never blocked: many real people share one mobile address, so a rise alone proves nothing.
 */
export function EngagementSpikes() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const spikes = useEngagementSpikes();

  return (
    <section aria-labelledby="engagement-spikes-title" className="flex flex-col gap-2">
      <h2 id="engagement-spikes-title" className="text-lg font-bold">
        {t('spikes.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('spikes.intro')}</p>
      {spikes.isError && !spikes.data ? (
        <ErrorCard
          title={t('spikes.error')}
          message={isNetworkError(spikes.error) ? tCommon('errors.offline') : spikes.error.message}
          onRetry={() => void spikes.refetch()}
          retrying={spikes.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : spikes.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('spikes.loading')}
        </p>
      ) : spikes.data.length === 0 ? (
        <p className="rounded-md border p-4 text-sm">{t('spikes.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border" data-testid="engagement-spikes">
          {spikes.data.map((spike) => (
            <li key={`${spike.postId}-${spike.kind}`} className="flex flex-col gap-1 p-3">
              <Link
                to={`/?post=${encodeURIComponent(spike.postId)}`}
                className="font-semibold underline-offset-4 hover:underline"
              >
                {spike.businessName}
              </Link>
              <span className="line-clamp-2 text-sm">{spike.content}</span>
              <span className="text-sm text-muted-foreground">
                {t(`spikes.kind.${spike.kind}`, {
                  lastHour: formatCount(spike.lastHour),
                  average: formatCount(Math.round(spike.hourlyAverage)),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
