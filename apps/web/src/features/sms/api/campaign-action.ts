import type { SmsCampaign } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AFFECTED_BY_SENDING, smsKeys } from './sms-keys';
import { refetchAfterChange } from '@/lib/query-client';

export type CampaignAction = 'pause' | 'resume' | 'cancel' | 'delete';

/** Pause, resume or cancel a campaign (cancelling refunds what was not sent); delete a draft. */
export function campaignAction({ id, action }: { id: string; action: CampaignAction }): Promise<SmsCampaign | null> {
  const path = `/api/sms/campaigns/${encodeURIComponent(id)}`;
  return action === 'delete' ? api.delete<null>(path) : api.post<SmsCampaign>(`${path}/${action}`);
}

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: campaignAction,
    onSuccess: () => refetchAfterChange(queryClient, smsKeys.campaigns(), ...AFFECTED_BY_SENDING),
  });
}
