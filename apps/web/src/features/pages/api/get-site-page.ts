import type { SitePage, SitePageSlug } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';

export const sitePageKeys = { detail: (slug: SitePageSlug) => ['site-page', slug] as const };

export function getSitePage(slug: SitePageSlug, signal?: AbortSignal): Promise<SitePage> {
  return api.get<SitePage>(`/api/pages/${encodeURIComponent(slug)}`, { signal });
}

export function sitePageQueryOptions(slug: SitePageSlug) {
  return queryOptions({
    queryKey: sitePageKeys.detail(slug),
    queryFn: ({ signal }) => getSitePage(slug, signal),
    retry: retryUnlessNotFound,
  });
}

export function useSitePage(slug: SitePageSlug) {
  return useQuery(sitePageQueryOptions(slug));
}
