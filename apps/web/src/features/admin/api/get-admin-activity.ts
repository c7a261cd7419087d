import type { AdminActivity } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function getAdminActivity(signal?: AbortSignal): Promise<AdminActivity> {
  return api.get<AdminActivity>('/api/admin/activity', { signal });
}

export function adminActivityQueryOptions() {
  return queryOptions({ queryKey: adminKeys.activity(), queryFn: ({ signal }) => getAdminActivity(signal), staleTime: 60_000 });
}

export function useAdminActivity() {
  return useQuery(adminActivityQueryOptions());
}
