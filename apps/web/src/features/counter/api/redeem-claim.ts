import type { Claim } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { counterKeys } from './counter-keys';

/** Marks a claim redeemed: by its id (one tap) or by the code the customer shows; with the rupees received. */
export type Redeem = { id: string; receivedPaise?: number } | { code: string; receivedPaise?: number };

export function redeemClaim(input: Redeem): Promise<Claim> {
  if ('id' in input) {
    return api.post<Claim>(`/api/user/claims/${encodeURIComponent(input.id)}/redeem`, { receivedPaise: input.receivedPaise });
  }
  return api.post<Claim>('/api/user/claims/redeem', input);
}

export function useRedeemClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: counterKeys.claims() }),
  });
}
