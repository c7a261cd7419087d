import type { PostPricing, PostPricingInput } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePricing } from './pricing-keys';

export function setPostPricing(body: PostPricingInput): Promise<PostPricing> {
  return api.post<PostPricing>('/api/admin/pricing/posts', body);
}

export function useSetPostPricing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPostPricing, onSuccess: () => invalidatePricing(queryClient) });
}
