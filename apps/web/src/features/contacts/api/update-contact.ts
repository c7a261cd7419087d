import type { Contact } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactPayload } from '../utils/form-values';
import { contactKeys, invalidateContactLists } from './contact-keys';

/** PUT sends the whole form. */
export function updateContact({ id, body }: { id: string; body: ContactPayload }): Promise<Contact> {
  return api.put<Contact>(`/api/contacts/${encodeURIComponent(id)}`, body);
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      return invalidateContactLists(queryClient);
    },
  });
}
