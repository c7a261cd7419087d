import type { BusinessCardPage } from '@aaspaas/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';

/** A page of business cards; `featured` keeps the featured ones, most recently featured first. */
export function getBusinessCards(q: string, page: number, featured = false, signal?: AbortSignal): Promise<BusinessCardPage> {
  return api.get<BusinessCardPage>('/api/admin/business-cards', {
    params: { q: q || undefined, page, featured: featured ? 'true' : undefined },
    signal,
  });
}

export function useBusinessCards(q: string, page: number, featured = false) {
  return useQuery({
    queryKey: adminContentKeys.cards(q, page, featured),
    queryFn: ({ signal }) => getBusinessCards(q, page, featured, signal),
    placeholderData: keepPreviousData,
  });
}
