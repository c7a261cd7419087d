import type { SmsCampaign, SmsCampaignInput } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { AFFECTED_BY_SENDING, smsKeys } from './sms-keys';
import { refetchAfterChange } from '@/lib/query-client';

/** Saves the campaign as a draft (nothing charged). */
export function createCampaign(body: SmsCampaignInput): Promise<SmsCampaign> {
  return api.post<SmsCampaign>('/api/sms/campaigns', body);
}

/** Confirms a draft at the cost the business saw: 402 "add ₹N" when short, 409 when the cost changed. */
export function confirmCampaign(id: string, expectedCostPaise: number): Promise<SmsCampaign> {
  return api.post<SmsCampaign>(`/api/sms/campaigns/${encodeURIComponent(id)}/confirm`, { expectedCostPaise });
}

export function deleteDraft(id: string): Promise<unknown> {
  return api.delete(`/api/sms/campaigns/${encodeURIComponent(id)}`);
}

/**
 * Draft, then confirm. A draft whose confirmation failed (short of money) is kept and confirmed again
 * on the next try when nothing changed, so retrying never piles up drafts.
 */
export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      input,
      expectedCostPaise,
      draft,
    }: {
      input: SmsCampaignInput;
      expectedCostPaise: number;
      draft: { id: string; input: string } | null;
    }) => {
      const key = JSON.stringify(input);
      let id = draft?.input === key ? draft.id : null;
      if (!id) {
        if (draft) await deleteDraft(draft.id).catch(() => undefined);
        id = (await createCampaign(input)).id;
      }
      try {
        return await confirmCampaign(id, expectedCostPaise);
      } catch (error) {
        throw Object.assign(error as Error, { draft: { id, input: key } });
      }
    },
    onSettled: () => refetchAfterChange(queryClient, smsKeys.campaigns(), ...AFFECTED_BY_SENDING),
  });
}
