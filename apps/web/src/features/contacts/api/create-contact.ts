import type { Contact } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ContactPayload } from '../utils/form-values';
import { contactKeys, invalidateContactLists } from './contact-keys';

/** 201 with the contact; 409 { message, existingId } for a number already in the list. */
export function createContact(body: ContactPayload): Promise<Contact> {
  return api.post<Contact>('/api/contacts', body);
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: (contact) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), contact);
      return invalidateContactLists(queryClient);
    },
  });
}
