import type { EngagementSpike } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getEngagementSpikes(signal?: AbortSignal): Promise<EngagementSpike[]> {
  return api.get<EngagementSpike[]>('/api/admin/engagement-spikes', { signal });
}

export function engagementSpikesQueryOptions() {
  // The last hour's figures: a minute old at most, as the counts above them.
  return queryOptions({
    queryKey: ['admin', 'engagement-spikes'],
    queryFn: ({ signal }) => getEngagementSpikes(signal),
    staleTime: 60_000,
  });
}

export function useEngagementSpikes() {
  return useQuery(engagementSpikesQueryOptions());
}
