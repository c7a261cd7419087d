import type { QueryClient } from '@tanstack/react-query';
import { CONTACTS_CACHE } from '@/config/query-cache';
import { isNotFoundError } from '@/lib/not-found';
import { isAuthError, refetchAfterChange } from '@/lib/query-client';

/** What the list is asked for: a search by name or number, and a tag. */
export type ContactFilters = { q?: string; tag?: string };

export function normalizeContactFilters(filters: ContactFilters): ContactFilters {
  const q = filters.q?.trim() || undefined;
  const tag = filters.tag?.trim().toLowerCase() || undefined;
  return { ...(q ? { q } : {}), ...(tag ? { tag } : {}) };
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => ['contacts', 'list'] as const,
  list: (filters: ContactFilters) => ['contacts', 'list', normalizeContactFilters(filters)] as const,
  tags: () => ['contacts', 'tags'] as const,
  details: () => ['contacts', 'detail'] as const,
  detail: (id: string) => ['contacts', 'detail', id] as const,
};

/** docs/product.md §9 contacts cache: one retry, none on an auth error (nor for a contact that does not exist). */
export function retryContactsQuery(failureCount: number, error: Error): boolean {
  if (isAuthError(error) || isNotFoundError(error)) return false;
  return failureCount < CONTACTS_CACHE.retries;
}

/** docs/product.md §9: stale after 10 minutes, kept 30 minutes. */
export const contactsCacheOptions = {
  staleTime: CONTACTS_CACHE.staleTime,
  gcTime: CONTACTS_CACHE.gcTime,
  retry: retryContactsQuery,
} as const;

/**
 * After a change: the lists, the tags and the /app home's figures (which count contacts; its
 * query key is ['user', 'stats', userId]) are fetched again when next shown.
 */
export function invalidateContactLists(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, contactKeys.lists(), contactKeys.tags(), ['user', 'stats']);
}
