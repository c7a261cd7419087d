import type { AdminPostListQuery, AdminPostPage } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminPostFilters = Omit<AdminPostListQuery, 'cursor' | 'limit'>;

export function getAdminPosts(filters: AdminPostFilters, cursor: string | null, signal?: AbortSignal): Promise<AdminPostPage> {
  return api.get<AdminPostPage>('/api/admin/posts', { params: { ...filters, cursor }, signal });
}

export function adminPostsQueryOptions(filters: AdminPostFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.posts(filters),
    queryFn: ({ pageParam, signal }) => getAdminPosts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminPosts(filters: AdminPostFilters) {
  return useInfiniteQuery(adminPostsQueryOptions(filters));
}
