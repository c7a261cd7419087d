import { PRODUCT_NAME } from '@aaspaas/domain/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCard } from '@/components/errors/error-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isNetworkError } from '@/lib/not-found';
import { useAdminStats } from '../api/get-admin-stats';
import { ActivityPanel } from './activity-panel';
import { AdminStatsGrid } from './admin-stats-grid';
import { EngagementSpikes } from './engagement-spikes';
import { MessagingStats } from './messaging-stats';
import { SignInLockCard } from './sign-in-lock-card';
import { WelcomeSmsSpenders } from './welcome-sms-spenders';

/**
 * /admin: how the product is doing, in real counts from the server. `children`: panels of other
 * features the dashboard route adds after the figures (the featured businesses).
 */
export function AdminDashboard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const stats = useAdminStats();
  useDocumentTitle(`${t('pages.dashboard.title')} · ${t('title', { product: PRODUCT_NAME })}`);

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('pages.dashboard.title')}</h1>
        <p className="text-muted-foreground">{t('dashboard.intro')}</p>
      </header>
      {stats.isError && !stats.data ? (
        <ErrorCard
          title={t('dashboard.error')}
          message={isNetworkError(stats.error) ? tCommon('errors.offline') : stats.error.message}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
          retryLabel={tCommon('retry')}
        />
      ) : (
        <>
          {stats.isPending ? (
            <span className="sr-only" role="status">
              {t('dashboard.loading')}
            </span>
          ) : null}
          <AdminStatsGrid stats={stats.data} />
          {stats.data?.messaging ? <MessagingStats messaging={stats.data.messaging} /> : null}
        </>
      )}
      <ActivityPanel />
      {children}
      <EngagementSpikes />
      <WelcomeSmsSpenders />
      <SignInLockCard />
    </div>
  );
}
