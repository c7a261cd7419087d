import type { TopupCheckout } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function createTopup(amountPaise: number): Promise<TopupCheckout> {
  return api.post<TopupCheckout>('/api/wallet/topups', { amountPaise });
}

export function useCreateTopup() {
  return useMutation({ mutationFn: createTopup });
}
