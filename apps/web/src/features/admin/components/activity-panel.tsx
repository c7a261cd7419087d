import type { AdminActivity } from '@aaspaas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { formatCount } from '@/lib/format';
import { isNetworkError } from '@/lib/not-found';
import { cn } from '@/lib/utils';
import { useAdminActivity } from '../api/get-admin-activity';

const SERIES = ['businesses', 'posts', 'views'] as const;
type Series = (typeof SERIES)[number];
const BAR_COLOUR = '#ea580c';

/** Thirty bars drawn by hand: no chart library on the admin's phone for one small picture. */
function ActivityChart({ days, series }: { days: AdminActivity['days']; series: Series }) {
  const { t } = useTranslation('admin');
  const max = Math.max(1, ...days.map((d) => d[series]));
  const width = 300;
  const height = 80;
  const bar = width / days.length;
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-28 w-full"
        role="img"
        aria-label={t('activity.chartLabel', { series: t(`activity.series.${series}`) })}
      >
        {days.map((d, i) => {
          const h = Math.round((d[series] / max) * (height - 4));
          return <rect key={d.day} x={i * bar + 1} y={height - h} width={bar - 2} height={h} fill={BAR_COLOUR} rx={1} />;
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{days[0]?.day}</span>
        <span>{t('activity.max', { count: max })}</span>
        <span>{days.at(-1)?.day}</span>
      </figcaption>
    </figure>
  );
}

/** The dashboard's last 30 days and the moderation queue, each count linking to its filtered list. */
export function ActivityPanel() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const activity = useAdminActivity();
  const [series, setSeries] = useState<Series>('posts');

  if (activity.isError && !activity.data) {
    return (
      <ErrorCard
        title={t('activity.error')}
        message={isNetworkError(activity.error) ? tCommon('errors.offline') : activity.error.message}
        onRetry={() => void activity.refetch()}
        retrying={activity.isFetching}
        retryLabel={tCommon('retry')}
      />
    );
  }
  if (activity.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('activity.loading')}
      </p>
    );
  }
  const { days, queue } = activity.data;
  const today = days.at(-1);
  const total = (s: Series) => days.reduce((sum, d) => sum + d[s], 0);
  const queueLinks = [
    { key: 'reported', count: queue.reported, href: '/admin/feed?queue=reported' },
    { key: 'appeals', count: queue.appeals, href: '/admin/feed?queue=appealed' },
    { key: 'hidden', count: queue.hidden, href: '/admin/feed?queue=hidden' },
  ] as const;

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby="queue-title" className="flex flex-col gap-2">
        <h2 id="queue-title" className="text-lg font-bold">
          {t('activity.queueTitle')}
        </h2>
        <ul className="grid grid-cols-1 gap-2 sm:grid-cols-3" data-testid="admin-queue">
          {queueLinks.map((q) => (
            <li key={q.key}>
              <Link to={q.href} className="flex min-h-11 flex-col rounded-md border p-3 hover:bg-muted">
                <span className="text-2xl font-extrabold">{formatCount(q.count)}</span>
                <span>{t(`activity.queue.${q.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="activity-title" className="flex flex-col gap-2">
        <h2 id="activity-title" className="text-lg font-bold">
          {t('activity.title')}
        </h2>
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('activity.pick')}>
          {SERIES.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={series === s}
              onClick={() => setSeries(s)}
              className={cn(
                'flex min-h-11 flex-col rounded-md border px-3 py-1 text-left',
                series === s ? 'border-primary bg-primary-soft' : 'hover:bg-muted',
              )}
            >
              <span className="font-semibold">{t(`activity.series.${s}`)}</span>
              <span className="text-sm">
                {t('activity.todayAndMonth', { today: formatCount(today?.[s] ?? 0), month: formatCount(total(s)) })}
              </span>
            </button>
          ))}
        </div>
        <ActivityChart days={days} series={series} />
      </section>
    </div>
  );
}
