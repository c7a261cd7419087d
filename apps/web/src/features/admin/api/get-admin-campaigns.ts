import { type AdminCampaignList, type AdminCampaignListQuery, campaignMayChange } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminCampaignFilters = Omit<AdminCampaignListQuery, 'cursor' | 'limit'>;

/** A list with a campaign sending (or waiting for receipts) refreshes on its own, so the admin sees it move. */
const POLL_MS = 5000;

export function getAdminCampaigns(
  filters: AdminCampaignFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminCampaignList> {
  return api.get<AdminCampaignList>('/api/admin/campaigns', { params: { ...filters, cursor }, signal });
}

export function useAdminCampaigns(filters: AdminCampaignFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.campaigns(filters),
      queryFn: ({ pageParam, signal }) => getAdminCampaigns(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      refetchInterval: (query) =>
        query.state.data?.pages.some((p) => p.campaigns.some((c) => campaignMayChange(c, Date.now()))) ? POLL_MS : false,
    }),
  );
}
