import type { AdminSmsHistoryPage, AdminSmsHistoryQuery } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type AdminSmsHistoryFilters = Omit<AdminSmsHistoryQuery, 'cursor' | 'limit'>;

export function getAdminSmsHistory(
  filters: AdminSmsHistoryFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminSmsHistoryPage> {
  return api.get<AdminSmsHistoryPage>('/api/admin/sms-history', { params: { ...filters, cursor }, signal });
}

export function useAdminSmsHistory(filters: AdminSmsHistoryFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: adminKeys.smsHistory(filters),
      queryFn: ({ pageParam, signal }) => getAdminSmsHistory(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
  );
}
