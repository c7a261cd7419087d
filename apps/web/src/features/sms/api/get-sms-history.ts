import type { SmsHistoryPage, SmsHistoryQuery } from '@aaspaas/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { smsKeys } from './sms-keys';

export type SmsHistoryFilters = Omit<SmsHistoryQuery, 'cursor' | 'limit'>;

export function getSmsHistory(filters: SmsHistoryFilters, cursor: string | null, signal?: AbortSignal): Promise<SmsHistoryPage> {
  return api.get<SmsHistoryPage>('/api/sms/history', { params: { ...filters, cursor }, signal });
}

export function useSmsHistory(filters: SmsHistoryFilters) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: smsKeys.history(filters),
      queryFn: ({ pageParam, signal }) => getSmsHistory(filters, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      placeholderData: keepPreviousData,
    }),
  );
}
