import type { AdminTemplate } from '@aaspaas/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';
import { adminContentKeys } from './admin-content-keys';

export function getAdminTemplate(id: string, signal?: AbortSignal): Promise<AdminTemplate> {
  return api.get<AdminTemplate>(`/api/admin/templates/${encodeURIComponent(id)}`, { signal });
}

export function useAdminTemplate(id: string | undefined) {
  return useQuery({
    queryKey: adminContentKeys.template(id ?? ''),
    queryFn: ({ signal }) => getAdminTemplate(id ?? '', signal),
    enabled: Boolean(id),
    retry: retryUnlessNotFound,
  });
}
