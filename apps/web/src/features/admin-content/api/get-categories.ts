import type { AdminCategory, CategoryKind } from '@aaspaas/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';

export function getAdminCategories(kind: CategoryKind, signal?: AbortSignal): Promise<AdminCategory[]> {
  return api.get<AdminCategory[]>(`/api/admin/categories/${kind}`, { signal });
}

export function useAdminCategories(kind: CategoryKind) {
  return useQuery({ queryKey: adminContentKeys.categories(kind), queryFn: ({ signal }) => getAdminCategories(kind, signal) });
}
