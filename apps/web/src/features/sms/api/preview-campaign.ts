import type { SmsCampaignDraft, SmsCostPreview } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

/** What a campaign would cost and send, before anything is charged: the cost confirming will reserve. */
export function previewCampaign(body: SmsCampaignDraft, signal?: AbortSignal): Promise<SmsCostPreview> {
  return api.post<SmsCostPreview>('/api/sms/campaigns/preview', body, { signal });
}

export function useCampaignPreview(body: SmsCampaignDraft, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: smsKeys.quote(body),
      queryFn: ({ signal }) => previewCampaign(body, signal),
      enabled,
      retry: false,
    }),
  );
}
