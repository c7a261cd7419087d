import type { ContactList } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

/** The business's contact tags, for choosing an audience (the contacts list answers them with any page). */
export function getContactTags(signal?: AbortSignal): Promise<string[]> {
  return api.get<ContactList>('/api/contacts', { params: { limit: 1 }, signal }).then((list) => list.tags);
}

export function useContactTags() {
  return useQuery(queryOptions({ queryKey: [...smsKeys.all, 'tags'], queryFn: ({ signal }) => getContactTags(signal) }));
}
