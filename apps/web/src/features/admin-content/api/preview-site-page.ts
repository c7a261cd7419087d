import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function previewSitePage(body: string, signal?: AbortSignal): Promise<{ html: string }> {
  return api.post<{ html: string }>('/api/admin/pages/preview', { body }, { signal });
}

/** The draft rendered by the server's renderer (the one the public page uses); `body` should be debounced. */
export function useSitePagePreview(body: string) {
  return useQuery({
    queryKey: ['admin-content', 'page-preview', body],
    queryFn: ({ signal }) => previewSitePage(body, signal),
    enabled: body.trim().length > 0,
    placeholderData: (previous) => previous,
    staleTime: Infinity,
  });
}
