import type { Post } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const postKeys = { detail: (id: string) => ['post', id] as const };

export function getPost(id: string, signal?: AbortSignal): Promise<Post> {
  return api.get<Post>(`/api/posts/${encodeURIComponent(id)}`, { signal });
}

export function postQueryOptions(id: string) {
  return queryOptions({ queryKey: postKeys.detail(id), queryFn: ({ signal }) => getPost(id, signal) });
}

export function usePost(id: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...postQueryOptions(id ?? ''), enabled: enabled && Boolean(id), retry: false });
}
