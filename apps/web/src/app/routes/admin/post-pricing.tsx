import { PostPricingPage } from '@/features/pricing/components/post-pricing-page';

/** /admin/post-pricing: free posts and the price of further posts. */
export function Component() {
  return <PostPricingPage />;
}
