import type { BusinessProfile } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getBusinessProfile(userId: string, signal?: AbortSignal): Promise<BusinessProfile> {
  return api.get<BusinessProfile>(`/api/public/business/${encodeURIComponent(userId)}`, { signal });
}

export function businessProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['business', userId, 'profile'],
    queryFn: ({ signal }) => getBusinessProfile(userId, signal),
  });
}

export function useBusinessProfile(userId: string) {
  return useQuery(businessProfileQueryOptions(userId));
}
