import type { PostPricingAdmin } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pricingKeys } from './pricing-keys';

export function getPostPricing(signal?: AbortSignal): Promise<PostPricingAdmin> {
  return api.get<PostPricingAdmin>('/api/admin/pricing/posts', { signal });
}

export function postPricingQueryOptions() {
  return queryOptions({ queryKey: pricingKeys.admin('posts'), queryFn: ({ signal }) => getPostPricing(signal) });
}

export function usePostPricing() {
  return useQuery(postPricingQueryOptions());
}
