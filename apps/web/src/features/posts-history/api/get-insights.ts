import type { Insights } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';
import { myPostKeys } from '@/lib/my-post-keys';

/** Views and WhatsApp enquiries per India day over 30 days: one post, or (null) the whole business. */
export function getInsights(postId: string | null, signal?: AbortSignal): Promise<Insights> {
  const path = postId ? `/api/user/posts/${encodeURIComponent(postId)}/insights` : '/api/user/posts/insights';
  return api.get<Insights>(path, { signal });
}

export function insightsQueryOptions(postId: string | null) {
  return queryOptions({
    queryKey: myPostKeys.insights(postId),
    queryFn: ({ signal }) => getInsights(postId, signal),
    staleTime: 60_000,
    retry: retryUnlessNotFound,
  });
}

export function useInsights(postId: string | null) {
  return useQuery(insightsQueryOptions(postId));
}
