import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys, invalidateContactLists } from './contact-keys';

/** The cap on ids of one request (ContactBulkDeleteSchema): more are sent in several calls. */
export const BULK_DELETE_MAX = 1000;

/** POST /api/contacts/delete { ids } → { deleted }, in batches; resolves with how many were deleted. */
export async function deleteContacts(ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += BULK_DELETE_MAX) {
    const answer = await api.post<{ deleted: number }>('/api/contacts/delete', { ids: ids.slice(i, i + BULK_DELETE_MAX) });
    deleted += answer.deleted;
  }
  return deleted;
}

export function useDeleteContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContacts,
    onSuccess: (_deleted, ids) => {
      for (const id of ids) queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      return invalidateContactLists(queryClient);
    },
  });
}
