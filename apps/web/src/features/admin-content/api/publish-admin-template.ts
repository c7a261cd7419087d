import type { AdminTemplate } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';
import { refetchAfterChange } from '@/lib/query-client';

export function publishAdminTemplate(id: string, published: boolean): Promise<AdminTemplate> {
  return api.post<AdminTemplate>(`/api/admin/templates/${encodeURIComponent(id)}/publish`, { published });
}

export function usePublishAdminTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, published }: { id: string; published: boolean }) => publishAdminTemplate(id, published),
    onSuccess: () => refetchAfterChange(queryClient, adminContentKeys.templatesAll),
  });
}
