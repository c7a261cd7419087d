import { formatRupees, type UserStats } from '@aaspaas/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { Skeleton } from '@/components/ui/skeleton';
import { isNetworkError } from '@/lib/not-found';

const whole = new Intl.NumberFormat('en-IN');

type StatsPanelProps = {
  /** The server's figures, or the kept ones while it answers. */
  stats: UserStats | undefined;
  /** True while `stats` are the kept figures and a fetch is under way. */
  updating: boolean;
  /** The fetch waits for the network to come back. */
  offline: boolean;
  error: Error | null;
  onRetry: () => void;
  retrying: boolean;
};

function Tile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-2xl border border-border bg-surface p-4">
      <dt className="text-sm font-semibold text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Contacts, SMS sent, balance (rupees) and posts; skeletons while loading, a retry when it fails. */
export function StatsPanel({ stats, updating, offline, error, onRetry, retrying }: StatsPanelProps) {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} aria-busy={!stats && !error}>
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={headingId} className="text-lg font-bold">
          {t('home.stats.title')}
        </h2>
        <p role="status" className="text-sm text-muted-foreground">
          {offline ? t('home.stats.offline') : updating ? t('home.stats.updating') : null}
        </p>
      </div>
      {error ? (
        <ErrorCard
          title={t('home.stats.error')}
          message={isNetworkError(error) ? tCommon('errors.offline') : error.message}
          onRetry={onRetry}
          retrying={retrying}
          retryLabel={tCommon('retry')}
        />
      ) : null}
      {stats ? (
        <>
          {error ? <p className="mt-2 text-sm text-muted-foreground">{t('home.stats.lastKnown')}</p> : null}
          <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Tile label={t('home.stats.contacts')} value={whole.format(stats.contacts)} testId="stat-contacts" />
            <Tile label={t('home.stats.sentSms')} value={whole.format(stats.sentSms)} testId="stat-sent-sms" />
            <Tile label={t('home.stats.balance')} value={formatRupees(stats.balancePaise)} testId="stat-balance" />
            <Tile label={t('home.stats.posts')} value={whole.format(stats.posts)} testId="stat-posts" />
          </dl>
        </>
      ) : error ? null : (
        <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="stats-loading">
          <span className="sr-only">{t('home.stats.loading')}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="rounded-2xl border border-border bg-surface p-4">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="mt-2 h-7 w-16" />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
