import { LearnPage } from '@/features/learn/components/learn-page';
import { PricingSummary } from '@/features/pricing/components/pricing-summary';

/** /learn: a short guide to getting results from posts and offers, with today's prices. */
export function Component() {
  return <LearnPage pricing={<PricingSummary />} />;
}
