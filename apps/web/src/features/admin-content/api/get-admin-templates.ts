import type { AdminTemplatePage } from '@aaspaas/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';

export function getAdminTemplates(q: string, page: number, signal?: AbortSignal): Promise<AdminTemplatePage> {
  return api.get<AdminTemplatePage>('/api/admin/templates', { params: { q: q || undefined, page }, signal });
}

export function useAdminTemplates(q: string, page: number) {
  return useQuery({
    queryKey: adminContentKeys.templates(q, page),
    queryFn: ({ signal }) => getAdminTemplates(q, page, signal),
    placeholderData: keepPreviousData,
  });
}
