import type { JoinBusinessSchema } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';

export type JoinBusiness = ReturnType<(typeof JoinBusinessSchema)['parse']>;

/** The public opt-in page's business: its name (404 for an unknown id). No account involved. */
export function getJoinBusiness(businessId: string, signal?: AbortSignal): Promise<JoinBusiness> {
  return api.get<JoinBusiness>(`/api/public/join/${encodeURIComponent(businessId)}`, { signal, auth: false });
}

export function joinBusinessQueryOptions(businessId: string) {
  return queryOptions({
    queryKey: ['join-business', businessId] as const,
    queryFn: ({ signal }) => getJoinBusiness(businessId, signal),
    retry: retryUnlessNotFound,
  });
}

export function useJoinBusiness(businessId: string) {
  return useQuery(joinBusinessQueryOptions(businessId));
}
