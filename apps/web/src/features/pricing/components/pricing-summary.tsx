import { formatRupees } from '@aaspaas/domain';
import { BadgeIndianRupee } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePricing } from '../api/get-pricing';
import { PlanTerms } from './plan-terms';

/** Today's prices in plain words (free posts, the post price, SMS, the plans), for /learn. */
export function PricingSummary() {
  const { t } = useTranslation('pricing');
  const pricing = usePricing();
  return (
    <section
      aria-labelledby="pricing-summary"
      className="rounded-2xl border border-border p-4 sm:p-5"
      data-testid="pricing-summary"
    >
      <h2 id="pricing-summary" className="flex items-center gap-2 text-xl font-bold">
        <BadgeIndianRupee className="size-6 text-primary" aria-hidden="true" />
        {t('learn.title')}
      </h2>
      {pricing.data ? (
        <div className="mt-3 flex flex-col gap-2">
          <p>
            {t('learn.posts', { count: pricing.data.freePostsPerMonth, price: formatRupees(pricing.data.pricePerPostPaise) })}
          </p>
          <p>{t('learn.sms', { price: formatRupees(pricing.data.smsPricePaise) })}</p>
          {pricing.data.plans.length > 0 ? (
            <>
              <p>{t('learn.plans')}</p>
              <ul className="flex flex-col gap-2">
                {pricing.data.plans.map((plan) => (
                  <li key={plan.code} className="rounded-xl bg-muted p-3">
                    <PlanTerms plan={plan} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : (
        // Prices are extra here: a failure leaves the guide as it is, without an error of its own.
        <p role="status" className="mt-3 text-muted-foreground">
          {pricing.isError ? null : t('learn.loading')}
        </p>
      )}
    </section>
  );
}
