import type { Contact } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys, contactsCacheOptions } from './contact-keys';

export function getContact(id: string, signal?: AbortSignal): Promise<Contact> {
  return api.get<Contact>(`/api/contacts/${encodeURIComponent(id)}`, { signal });
}

export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => getContact(id, signal),
    ...contactsCacheOptions,
  });
}

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id));
}
