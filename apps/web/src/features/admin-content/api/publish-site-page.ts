import type { PublishSitePageRequest, SitePage, SitePageSlug } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';
import { refetchAfterChange } from '@/lib/query-client';

export function publishSitePage(slug: SitePageSlug, input: PublishSitePageRequest): Promise<SitePage> {
  return api.put<SitePage>(`/api/admin/pages/${encodeURIComponent(slug)}`, input);
}

export function usePublishSitePage(slug: SitePageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishSitePageRequest) => publishSitePage(slug, input),
    onSuccess: (page) => {
      queryClient.setQueryData(adminContentKeys.page(slug), page);
      // The public page's own query (features/pages) shows the new version on the next visit.
      queryClient.removeQueries({ queryKey: ['site-page', slug] });
      return refetchAfterChange(queryClient, adminContentKeys.versions(slug));
    },
  });
}
