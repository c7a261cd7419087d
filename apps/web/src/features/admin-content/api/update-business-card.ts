import type { BusinessCard, UpdateBusinessCardRequest } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';
import { refetchAfterChange } from '@/lib/query-client';

export function updateBusinessCard(userId: string, input: UpdateBusinessCardRequest): Promise<BusinessCard> {
  return api.put<BusinessCard>(`/api/admin/business-cards/${encodeURIComponent(userId)}`, input);
}

export function useUpdateBusinessCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, input }: { userId: string; input: UpdateBusinessCardRequest }) => updateBusinessCard(userId, input),
    // A list fetch under way (a search typed just before the click) may have read the card before this change.
    onSuccess: () => refetchAfterChange(queryClient, adminContentKeys.cardsAll),
  });
}
