import type { TemplateCategory } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TEMPLATES_STALE_TIME, templateKeys } from './template-keys';

/** GET /api/template-categories, in the admin's order. */
export function getTemplateCategories(signal?: AbortSignal): Promise<TemplateCategory[]> {
  return api.get<TemplateCategory[]>('/api/template-categories', { signal });
}

export function templateCategoriesQueryOptions() {
  return queryOptions({
    queryKey: templateKeys.categories(),
    queryFn: ({ signal }) => getTemplateCategories(signal),
    staleTime: TEMPLATES_STALE_TIME,
  });
}

export function useTemplateCategories() {
  return useQuery(templateCategoriesQueryOptions());
}
