import { formatRupees, type PlanInput, type PlanVersion } from '@aaspaas/domain';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { usePlanPricing } from '../api/get-plan-pricing';
import { PlanForm } from './plan-form';
import { PriceHistory } from './price-history';
import { PricingPageShell } from './pricing-page-shell';

/** /admin/subscription-pricing: the plans (newest version of each), a form to add or change one, every change. */
export function PlanPricingPage() {
  const { t } = useTranslation('pricing');
  const query = usePlanPricing();
  // null: the form is closed; 'new': adding a plan; a plan: changing it.
  const [editing, setEditing] = useState<PlanVersion | 'new' | null>(null);
  const postsText = (p: PlanInput) =>
    p.postsPerMonth === null ? t('plans.unlimited') : t('plans.posts', { count: p.postsPerMonth });

  return (
    <PricingPageShell title={t('plans.title')} intro={t('plans.intro')} query={query}>
      {(data) => (
        <>
          <ul className="flex flex-col divide-y rounded-md border" aria-label={t('plans.listLabel')}>
            {data.plans.map((plan) => (
              <li key={plan.code} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="flex flex-col">
                  <span className="font-semibold">
                    {plan.name} {plan.active ? null : <Badge>{t('plans.retired')}</Badge>}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {t('plans.summary', {
                      price: formatRupees(plan.monthlyPricePaise),
                      posts: postsText(plan),
                      sms: formatRupees(plan.smsPricePaise),
                    })}
                  </span>
                </div>
                <Button
                  variant="secondary"
                  onClick={() => setEditing(plan)}
                  aria-label={t('plans.editNamed', { name: plan.name })}
                >
                  {t('plans.edit')}
                </Button>
              </li>
            ))}
          </ul>
          {editing ? (
            <PlanForm
              key={editing === 'new' ? 'new' : editing.code}
              plan={editing === 'new' ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <Button className="self-start" onClick={() => setEditing('new')}>
              <Plus className="size-5" aria-hidden="true" />
              {t('plans.add')}
            </Button>
          )}
          <PriceHistory
            rows={data.history}
            columns={[
              { header: t('plans.name'), cell: (r) => `${r.name} (${r.code})` },
              { header: t('plans.price'), cell: (r) => formatRupees(r.monthlyPricePaise) },
              { header: t('plans.postsHeader'), cell: postsText },
              { header: t('plans.sms'), cell: (r) => formatRupees(r.smsPricePaise) },
              { header: t('plans.onSale'), cell: (r) => (r.active ? t('plans.yes') : t('plans.no')) },
            ]}
          />
        </>
      )}
    </PricingPageShell>
  );
}
