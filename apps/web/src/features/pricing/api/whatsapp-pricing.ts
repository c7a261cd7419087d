import type { WhatsAppPrice, WhatsAppPriceInput, WhatsAppPricingAdmin } from '@aaspaas/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePricing, pricingKeys } from './pricing-keys';

export function useWhatsAppPricing() {
  return useQuery({
    queryKey: pricingKeys.admin('whatsapp'),
    queryFn: ({ signal }) => api.get<WhatsAppPricingAdmin>('/api/admin/pricing/whatsapp', { signal }),
  });
}

export function useSetWhatsAppPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WhatsAppPriceInput) => api.post<WhatsAppPrice>('/api/admin/pricing/whatsapp', body),
    onSuccess: () => invalidatePricing(queryClient),
  });
}
