import type { BusinessCardPage } from '@aaspaas/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminContentKeys } from './admin-content-keys';

export function getBusinessCards(q: string, page: number, signal?: AbortSignal): Promise<BusinessCardPage> {
  return api.get<BusinessCardPage>('/api/admin/business-cards', { params: { q: q || undefined, page }, signal });
}

export function useBusinessCards(q: string, page: number) {
  return useQuery({
    queryKey: adminContentKeys.cards(q, page),
    queryFn: ({ signal }) => getBusinessCards(q, page, signal),
    placeholderData: keepPreviousData,
  });
}
