import { campaignMayChange, type SmsCampaignList } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

/** How often a list with a campaign on its way asks again: often enough to watch it move. */
export const CAMPAIGN_POLL_MS = 3000;

export function getCampaigns(cursor: string | null, signal?: AbortSignal): Promise<SmsCampaignList> {
  return api.get<SmsCampaignList>('/api/sms/campaigns', { params: { cursor }, signal });
}

export function useCampaigns() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: smsKeys.campaigns(),
      queryFn: ({ pageParam, signal }) => getCampaigns(pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      // Poll only while something is sending, about to, or waiting for receipts: a settled list stays quiet.
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.campaigns.some((c) => campaignMayChange(c, Date.now()))) ? CAMPAIGN_POLL_MS : false,
    }),
  );
}
