import type { AdminTemplate, SaveTemplateRequest } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';
import { refetchAfterChange } from '@/lib/query-client';

/** POST /api/admin/templates (a new one) or PUT /api/admin/templates/{id} (an edit): the same form saves both. */
export function saveAdminTemplate(id: string | undefined, input: SaveTemplateRequest): Promise<AdminTemplate> {
  return id
    ? api.put<AdminTemplate>(`/api/admin/templates/${encodeURIComponent(id)}`, input)
    : api.post<AdminTemplate>('/api/admin/templates', input);
}

export function useSaveAdminTemplate(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveTemplateRequest) => saveAdminTemplate(id, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminContentKeys.template(saved.id), saved);
      return refetchAfterChange(queryClient, adminContentKeys.templatesAll);
    },
  });
}
