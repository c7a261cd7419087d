import type { SmsPricingAdmin } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pricingKeys } from './pricing-keys';

export function getSmsPricing(signal?: AbortSignal): Promise<SmsPricingAdmin> {
  return api.get<SmsPricingAdmin>('/api/admin/pricing/sms', { signal });
}

export function smsPricingQueryOptions() {
  return queryOptions({ queryKey: pricingKeys.admin('sms'), queryFn: ({ signal }) => getSmsPricing(signal) });
}

export function useSmsPricing() {
  return useQuery(smsPricingQueryOptions());
}
