import type { OwnPost } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';
import { myPostKeys } from '@/lib/my-post-keys';

/** GET /api/user/posts/{id}: one of the business's own posts (another's answers 404 like a missing one). */
export function getOwnPost(id: string, signal?: AbortSignal): Promise<OwnPost> {
  return api.get<OwnPost>(`/api/user/posts/${encodeURIComponent(id)}`, { signal });
}

export function ownPostQueryOptions(id: string) {
  return queryOptions({
    queryKey: myPostKeys.detail(id),
    queryFn: ({ signal }) => getOwnPost(id, signal),
    retry: retryUnlessNotFound,
  });
}

export function useOwnPost(id: string | null) {
  return useQuery({ ...ownPostQueryOptions(id ?? ''), enabled: Boolean(id) });
}
