import type { AdminAuditPage, AdminAuditQuery } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export type AuditFilters = Omit<AdminAuditQuery, 'cursor' | 'limit'>;

export function getAuditLog(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AdminAuditPage> {
  return api.get<AdminAuditPage>('/api/admin/audit', { params: { ...filters, cursor }, signal });
}

export function auditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
