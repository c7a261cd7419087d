import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Campaign, CampaignInput } from './draft-contract';
import { AFFECTED_BY_SENDING, smsKeys } from './sms-keys';

/** Confirms a campaign: the server reserves its cost in the wallet (402 with "add ₹N" when the balance is short). */
export function createCampaign(body: CampaignInput): Promise<Campaign> {
  return api.post<Campaign>('/api/sms/campaigns', body);
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: smsKeys.campaigns() }),
        ...AFFECTED_BY_SENDING.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]),
  });
}
