import type { AdminCampaign } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterChange } from '@/lib/query-client';

/** Stops a business's campaign; the reason is shown to the business, and the unsent messages are refunded. */
export function stopCampaign({ id, reason }: { id: string; reason: string }): Promise<AdminCampaign> {
  return api.post<AdminCampaign>(`/api/admin/campaigns/${encodeURIComponent(id)}/stop`, { reason });
}

export function useStopCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: stopCampaign, onSuccess: () => refetchAfterChange(queryClient, adminKeys.all) });
}
