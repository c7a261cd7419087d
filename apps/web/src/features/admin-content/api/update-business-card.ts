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
    onSuccess: async () => {
      // A list fetch under way (a search typed just before the click) may have read the card before
      // this change; invalidating alone would join that fetch and keep its answer. Cancelled, it is
      // fetched again.
      await queryClient.cancelQueries({ queryKey: adminContentKeys.cardsAll });
      await queryClient.invalidateQueries({ queryKey: adminContentKeys.cardsAll });
    },
  });
}
