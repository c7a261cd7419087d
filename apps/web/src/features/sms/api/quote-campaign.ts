import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CampaignInput, CampaignQuote } from './draft-contract';
import { smsKeys } from './sms-keys';

/** What a campaign would cost and send, before anything is charged: the same numbers the server charges on confirming. */
export function quoteCampaign(body: CampaignInput, signal?: AbortSignal): Promise<CampaignQuote> {
  return api.post<CampaignQuote>('/api/sms/campaigns/quote', body, { signal });
}

export function useCampaignQuote(body: CampaignInput, enabled: boolean) {
  return useQuery(
    queryOptions({ queryKey: smsKeys.quote(body), queryFn: ({ signal }) => quoteCampaign(body, signal), enabled, retry: false }),
  );
}
