import type { SmsPrice, SmsPriceInput } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePricing } from './pricing-keys';

export function setSmsPrice(body: SmsPriceInput): Promise<SmsPrice> {
  return api.post<SmsPrice>('/api/admin/pricing/sms', body);
}

export function useSetSmsPrice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setSmsPrice, onSuccess: () => invalidatePricing(queryClient) });
}
