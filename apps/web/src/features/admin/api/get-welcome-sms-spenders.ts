import type { WelcomeSmsSpender } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getWelcomeSmsSpenders(signal?: AbortSignal): Promise<WelcomeSmsSpender[]> {
  return api.get<WelcomeSmsSpender[]>('/api/admin/welcome-sms-spenders', { signal });
}

export function welcomeSmsSpendersQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'welcome-sms-spenders'],
    queryFn: ({ signal }) => getWelcomeSmsSpenders(signal),
    staleTime: 60_000,
  });
}

export function useWelcomeSmsSpenders() {
  return useQuery(welcomeSmsSpendersQueryOptions());
}
