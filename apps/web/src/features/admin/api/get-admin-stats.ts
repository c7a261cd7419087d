import type { AdminStats } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get<AdminStats>('/api/admin/stats', { signal });
}

export function adminStatsQueryOptions() {
  // The admin opens the dashboard to see today's figures: never older than a minute.
  return queryOptions({ queryKey: ['admin', 'stats'], queryFn: ({ signal }) => getAdminStats(signal), staleTime: 60_000 });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
