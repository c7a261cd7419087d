import type { ClaimTotals } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** An offer's claims, redeemed claims and rupees received (docs/product.md §3, Claims). */
export function getClaimTotals(postId: string, signal?: AbortSignal): Promise<ClaimTotals> {
  return api.get<ClaimTotals>(`/api/user/claims/totals?postId=${encodeURIComponent(postId)}`, { signal });
}

export function useClaimTotals(postId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['my-posts', 'claim-totals', postId],
      queryFn: ({ signal }) => getClaimTotals(postId, signal),
      enabled,
    }),
  );
}
