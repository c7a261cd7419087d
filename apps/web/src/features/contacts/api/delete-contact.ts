import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys, invalidateContactLists } from './contact-keys';

export function deleteContact(id: string): Promise<unknown> {
  return api.delete(`/api/contacts/${encodeURIComponent(id)}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      return invalidateContactLists(queryClient);
    },
  });
}
