import type { BusinessProfile } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';

/**
 * A business's public profile: shared by the feed's business popup and the business page (one
 * cached copy for both), so it lives outside the features.
 */
export const businessKeys = {
  profile: (userId: string) => ['business', userId, 'profile'] as const,
  posts: (userId: string) => ['business', userId, 'posts'] as const,
};

export function getBusinessProfile(userId: string, signal?: AbortSignal): Promise<BusinessProfile> {
  return api.get<BusinessProfile>(`/api/public/business/${encodeURIComponent(userId)}`, { signal });
}

export function businessProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: businessKeys.profile(userId),
    queryFn: ({ signal }) => getBusinessProfile(userId, signal),
    retry: retryUnlessNotFound,
  });
}

export function useBusinessProfile(userId: string) {
  return useQuery(businessProfileQueryOptions(userId));
}
