import { SmsPricingPage } from '@/features/pricing/components/sms-pricing-page';

/** /admin/sms-pricing: the SMS price. */
export function Component() {
  return <SmsPricingPage />;
}
