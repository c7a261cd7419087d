import type { SitePage, SitePageSlug } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';
import { adminContentKeys } from './admin-content-keys';

export function getCurrentPage(slug: SitePageSlug, signal?: AbortSignal): Promise<SitePage> {
  return api.get<SitePage>(`/api/pages/${encodeURIComponent(slug)}`, { signal });
}

/** The page as published now: what the editor starts from (never cached stale: the admin is editing it). */
export function useCurrentPage(slug: SitePageSlug) {
  return useQuery(
    queryOptions({
      queryKey: adminContentKeys.page(slug),
      queryFn: ({ signal }) => getCurrentPage(slug, signal),
      retry: retryUnlessNotFound,
      staleTime: 0,
    }),
  );
}
