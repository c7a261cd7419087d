import type { Template } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TEMPLATES_STALE_TIME, templateKeys } from './template-keys';

/** GET /api/templates, every template or one category's (matched on the server, case-insensitive). */
export function getTemplates(category?: string, signal?: AbortSignal): Promise<Template[]> {
  const query = category ? `?category=${encodeURIComponent(category)}` : '';
  return api.get<Template[]>(`/api/templates${query}`, { signal });
}

export function templatesQueryOptions(category?: string) {
  return queryOptions({
    queryKey: templateKeys.list(category),
    queryFn: ({ signal }) => getTemplates(category, signal),
    staleTime: TEMPLATES_STALE_TIME,
  });
}

export function useTemplates(category?: string) {
  return useQuery(templatesQueryOptions(category));
}
