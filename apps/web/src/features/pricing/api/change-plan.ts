import type { PlanChangeResult } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterPlanChange } from './subscription-keys';

export function changePlan({ id, planCode }: { id: string; planCode: string }): Promise<PlanChangeResult> {
  return api.post<PlanChangeResult>(`/api/subscriptions/${encodeURIComponent(id)}/change`, { planCode });
}

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePlan, retry: false, onSuccess: () => invalidateAfterPlanChange(queryClient) });
}
