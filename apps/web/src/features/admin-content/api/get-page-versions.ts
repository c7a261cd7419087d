import type { SitePageSlug, SitePageVersion } from '@aaspaas/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';

export function getPageVersions(slug: SitePageSlug, signal?: AbortSignal): Promise<SitePageVersion[]> {
  return api.get<SitePageVersion[]>(`/api/admin/pages/${encodeURIComponent(slug)}/versions`, { signal });
}

export function usePageVersions(slug: SitePageSlug) {
  return useQuery({ queryKey: adminContentKeys.versions(slug), queryFn: ({ signal }) => getPageVersions(slug, signal) });
}
