import type { AdminStats } from '@aaspaas/domain';
import { Eye, Heart, Newspaper, Store, TrendingUp, UserPlus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';

const whole = new Intl.NumberFormat('en-IN');

type StatKey = Exclude<keyof AdminStats, 'messaging'>;
const STATS: readonly { key: StatKey; icon: LucideIcon }[] = [
  { key: 'businesses', icon: Store },
  { key: 'posts', icon: Newspaper },
  { key: 'likes', icon: Heart },
  { key: 'viewsToday', icon: Eye },
  { key: 'views7Days', icon: TrendingUp },
  { key: 'newBusinesses7Days', icon: UserPlus },
];

/** The dashboard's six figures, or their skeletons while `stats` is not there yet. */
export function AdminStatsGrid({ stats }: { stats: AdminStats | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3" aria-busy={!stats}>
      {STATS.map(({ key, icon: Icon }) => (
        <div key={key} className="rounded-2xl border border-border bg-surface p-4">
          <dt className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
            <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            {t(`dashboard.stats.${key}`)}
          </dt>
          <dd className="mt-2 text-3xl font-extrabold tabular-nums" data-testid={`admin-stat-${key}`}>
            {stats ? whole.format(stats[key]) : <Skeleton className="h-8 w-20" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
