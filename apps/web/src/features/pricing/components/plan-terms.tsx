import { formatRupees, type Plan } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';

/** A plan's name and what it gives: price, posts a month, SMS price. */
export function PlanTerms({ plan }: { plan: Pick<Plan, 'name' | 'monthlyPricePaise' | 'postsPerMonth' | 'smsPricePaise'> }) {
  const { t } = useTranslation('pricing');
  return (
    <div className="flex flex-col">
      <span className="font-semibold">{plan.name}</span>
      <span className="text-sm text-muted-foreground">
        {t('plans.summary', {
          price: formatRupees(plan.monthlyPricePaise),
          posts: plan.postsPerMonth === null ? t('plans.unlimited') : t('plans.posts', { count: plan.postsPerMonth }),
          sms: formatRupees(plan.smsPricePaise),
        })}
      </span>
    </div>
  );
}
