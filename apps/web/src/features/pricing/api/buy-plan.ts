import type { PlanChangeResult } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPlanChange } from './subscription-keys';

/** 201; 402 { message } when the wallet cannot pay ("Not enough balance: add ₹25 to your wallet"). */
export function buyPlan(planCode: string): Promise<PlanChangeResult> {
  return api.post<PlanChangeResult>('/api/subscriptions', { planCode });
}

/** Never retried (docs/product.md §8): a payment is the owner's to send again. */
export function useBuyPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: buyPlan, retry: false, onSuccess: () => invalidateAfterPlanChange(queryClient) });
}
