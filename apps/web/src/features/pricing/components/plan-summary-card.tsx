import { Crown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatIndiaDate } from '@/lib/format';
import { useCurrentSubscription } from '../api/get-current-subscription';

/** The plan on /app: its name and renewal date (or the grace warning), linking to the wallet. */
export function PlanSummaryCard() {
  const { t } = useTranslation('pricing');
  const current = useCurrentSubscription();
  if (!current.data) return null;
  const subscription = current.data.subscription;
  const line = !subscription
    ? t('summary.free')
    : subscription.status === 'grace'
      ? t('summary.grace', { plan: subscription.planName })
      : subscription.cancelAtPeriodEnd
        ? t('summary.ends', { plan: subscription.planName, date: formatIndiaDate(subscription.periodEnd) })
        : t('summary.renews', { plan: subscription.planName, date: formatIndiaDate(subscription.periodEnd) });
  return (
    <Link
      to={paths.app.wallet.getHref()}
      className="flex min-h-11 items-center gap-3 rounded-2xl border border-border bg-surface p-3 hover:bg-muted"
      data-testid="plan-summary"
    >
      <Crown className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span className={subscription?.status === 'grace' ? 'font-semibold text-danger' : 'font-semibold'}>{line}</span>
    </Link>
  );
}
