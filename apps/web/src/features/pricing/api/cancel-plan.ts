import type { CurrentSubscription } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPlanChange } from './subscription-keys';

export function cancelPlan(id: string): Promise<CurrentSubscription> {
  return api.post<CurrentSubscription>(`/api/subscriptions/${encodeURIComponent(id)}/cancel`);
}

export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelPlan, retry: false, onSuccess: () => invalidateAfterPlanChange(queryClient) });
}
