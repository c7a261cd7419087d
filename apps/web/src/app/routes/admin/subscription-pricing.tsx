import { PlanPricingPage } from '@/features/pricing/components/plan-pricing-page';

/** /admin/subscription-pricing: the subscription plans. */
export function Component() {
  return <PlanPricingPage />;
}
