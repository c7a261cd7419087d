import type { PlanInput, PlanVersion } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePricing } from './pricing-keys';

export function setPlan(body: PlanInput): Promise<PlanVersion> {
  return api.post<PlanVersion>('/api/admin/pricing/plans', body);
}

export function useSetPlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPlan, onSuccess: () => invalidatePricing(queryClient) });
}
