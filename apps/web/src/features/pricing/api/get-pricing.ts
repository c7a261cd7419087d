import type { Pricing } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { pricingKeys } from './pricing-keys';

export function getPricing(signal?: AbortSignal): Promise<Pricing> {
  return api.get<Pricing>('/api/pricing', { signal });
}

export function pricingQueryOptions() {
  // Prices change rarely, and a charge always uses the server's price of its moment.
  return queryOptions({ queryKey: pricingKeys.current(), queryFn: ({ signal }) => getPricing(signal), staleTime: 5 * 60_000 });
}

export function usePricing() {
  return useQuery(pricingQueryOptions());
}
