import type { PlanPricingAdmin } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pricingKeys } from './pricing-keys';

export function getPlanPricing(signal?: AbortSignal): Promise<PlanPricingAdmin> {
  return api.get<PlanPricingAdmin>('/api/admin/pricing/plans', { signal });
}

export function planPricingQueryOptions() {
  return queryOptions({ queryKey: pricingKeys.admin('plans'), queryFn: ({ signal }) => getPlanPricing(signal) });
}

export function usePlanPricing() {
  return useQuery(planPricingQueryOptions());
}
