import type { ContactImportResult, ContactImportRow } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateContactLists } from './contact-keys';

export function importContacts(body: { rows: ContactImportRow[]; consent: boolean }): Promise<ContactImportResult> {
  return api.post<ContactImportResult>('/api/contacts/import', body);
}

export function useImportContacts() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: importContacts, onSuccess: () => invalidateContactLists(queryClient) });
}
