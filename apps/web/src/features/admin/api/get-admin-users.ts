import type { AdminUserListQuery, AdminUserPage } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminUserFilters = Omit<AdminUserListQuery, 'cursor' | 'limit'>;

export function getAdminUsers(filters: AdminUserFilters, cursor: string | null, signal?: AbortSignal): Promise<AdminUserPage> {
  return api.get<AdminUserPage>('/api/admin/users', { params: { ...filters, cursor }, signal });
}

export function adminUsersQueryOptions(filters: AdminUserFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.users(filters),
    queryFn: ({ pageParam, signal }) => getAdminUsers(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAdminUsers(filters: AdminUserFilters) {
  return useInfiniteQuery(adminUsersQueryOptions(filters));
}
