import type { Category } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[] | null>('/api/categories', { signal }).then((c) => c ?? []);
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal) });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
