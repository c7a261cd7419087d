import type { BusinessCard, UpdateBusinessCardRequest } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';

export function updateBusinessCard(userId: string, input: UpdateBusinessCardRequest): Promise<BusinessCard> {
  return api.put<BusinessCard>(`/api/admin/business-cards/${encodeURIComponent(userId)}`, input);
}

export function useUpdateBusinessCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UpdateBusinessCardRequest }) => updateBusinessCard(userId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminContentKeys.cardsAll }),
  });
}
