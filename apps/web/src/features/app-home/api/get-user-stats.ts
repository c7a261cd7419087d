import type { UserStats } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { readStoredStats, writeStoredStats } from '../utils/stats-storage';

export const userStatsKeys = { detail: (userId: string) => ['user', 'stats', userId] as const };

export function getUserStats(signal?: AbortSignal): Promise<UserStats> {
  return api.get<UserStats>('/api/user/stats', { signal });
}

/** The server's figures, kept in localStorage; the kept ones are shown while a fetch is under way. */
export function userStatsQueryOptions(userId: string) {
  return queryOptions<UserStats, Error, UserStats, ReturnType<typeof userStatsKeys.detail>>({
    queryKey: userStatsKeys.detail(userId),
    queryFn: async ({ signal }) => {
      const stats = await getUserStats(signal);
      writeStoredStats(userId, stats);
      return stats;
    },
    placeholderData: () => readStoredStats(userId) ?? undefined,
  });
}

export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
