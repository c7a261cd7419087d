import { PRODUCT_NAME, type AppUser } from '@aaspaas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUserStats } from '../api/get-user-stats';
import { readStoredStats } from '../utils/stats-storage';
import { AppShortcuts } from './app-shortcuts';
import { ProfileCompletenessCard } from './profile-completeness-card';
import { StatsPanel } from './stats-panel';

/**
 * /app: who is signed in, how complete the profile is, the plan (`plan`, drawn by the pricing
 * feature), the shop's counter (`counter`: closure and today's claims, the counter feature), the
 * figures, and the main jobs.
 */
export function AppHome({ user, plan, counter }: { user: AppUser; plan?: ReactNode; counter?: ReactNode }) {
  const { t } = useTranslation('app');
  const stats = useUserStats(user.id);
  useDocumentTitle(`${t('home.documentTitle')} · ${PRODUCT_NAME}`);

  return (
    <div className="flex flex-col gap-6 px-4 py-5">
      <header>
        <p className="text-muted-foreground">{t('home.greeting', { name: user.name })}</p>
        <h1 className="text-2xl leading-tight font-extrabold break-words">{user.businessName}</h1>
      </header>
      <ProfileCompletenessCard user={user} />
      {plan}
      {counter}
      <StatsPanel
        // A failed fetch drops the placeholder: the kept figures still beat an empty panel.
        stats={stats.data ?? (stats.isError ? (readStoredStats(user.id) ?? undefined) : undefined)}
        updating={stats.isPlaceholderData}
        offline={stats.fetchStatus === 'paused'}
        error={stats.isError ? stats.error : null}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
      <AppShortcuts />
    </div>
  );
}
