import type { ContactList } from '@aaspaas/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contactKeys, contactsCacheOptions, normalizeContactFilters, type ContactFilters } from './contact-keys';

/** Keyset pages: small enough to come fast on slow 4G, large enough to scroll a while. */
export const CONTACTS_PAGE_SIZE = 100;

export function getContacts(
  filters: ContactFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit = CONTACTS_PAGE_SIZE,
): Promise<ContactList> {
  const { q, tag } = normalizeContactFilters(filters);
  return api.get<ContactList>('/api/contacts', { params: { q, tag, limit, cursor }, signal });
}

export function contactsQueryOptions(filters: ContactFilters) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getContacts(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // While a new search runs, the last answer stays on screen instead of a skeleton.
    placeholderData: keepPreviousData,
    ...contactsCacheOptions,
  });
}

export function useContacts(filters: ContactFilters) {
  return useInfiniteQuery(contactsQueryOptions(filters));
}
