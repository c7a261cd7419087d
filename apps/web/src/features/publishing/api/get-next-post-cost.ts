import type { NextPostCost } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const nextPostCostKey = ['publishing', 'next-post-cost'] as const;

export function getNextPostCost(signal?: AbortSignal): Promise<NextPostCost> {
  return api.get<NextPostCost>('/api/pricing/next-post', { signal });
}

export function nextPostCostQueryOptions() {
  // Asked again each time the composer opens: the count moves with every post, the balance with every payment.
  return queryOptions({ queryKey: nextPostCostKey, queryFn: ({ signal }) => getNextPostCost(signal), staleTime: 0 });
}

export function useNextPostCost(enabled: boolean) {
  return useQuery({ ...nextPostCostQueryOptions(), enabled });
}
