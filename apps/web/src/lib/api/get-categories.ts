import type { Category } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The categories businesses post in (GET /api/categories): the feed's filter and the profile's choices. */
export function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return api.get<Category[] | null>('/api/categories', { signal }).then((c) => c ?? []);
}

export function categoriesQueryOptions() {
  return queryOptions({ queryKey: ['categories'], queryFn: ({ signal }) => getCategories(signal) });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
