import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Campaign } from './draft-contract';
import { AFFECTED_BY_SENDING, smsKeys } from './sms-keys';

export type CampaignAction = 'pause' | 'resume' | 'cancel';

/** Pause, resume or cancel a campaign; cancelling refunds what was not sent. */
export function campaignAction({ id, action }: { id: string; action: CampaignAction }): Promise<Campaign> {
  return api.post<Campaign>(`/api/sms/campaigns/${encodeURIComponent(id)}/${action}`);
}

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: campaignAction,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsKeys.campaigns() }),
        ...AFFECTED_BY_SENDING.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
