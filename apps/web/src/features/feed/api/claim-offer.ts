import type { Claim } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ensureVisitorId } from '@/lib/visitor-id';

/** POST /api/claims: a short code for the counter, and the offer's UPI pay link when the shop has a UPI ID. */
export async function claimOffer(postId: string): Promise<Claim> {
  // Claims are limited per server-issued visitor id: get one first if this browser has none yet.
  await ensureVisitorId();
  return api.post<Claim>('/api/claims', { postId });
}

export function useClaimOffer() {
  return useMutation({ mutationFn: claimOffer });
}
