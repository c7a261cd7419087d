import type { WalletHistory, WalletHistoryFilter } from '@aaspaas/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** A screenful on a phone; more on "Load more". */
export const WALLET_HISTORY_PAGE_SIZE = 20;

export function getWalletHistory(
  filter: WalletHistoryFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<WalletHistory> {
  return api.get<WalletHistory>('/api/wallet/history', { params: { filter, cursor, limit: WALLET_HISTORY_PAGE_SIZE }, signal });
}

export function walletHistoryQueryOptions(filter: WalletHistoryFilter) {
  return infiniteQueryOptions({
    queryKey: walletKeys.history(filter),
    queryFn: ({ pageParam, signal }) => getWalletHistory(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useWalletHistory(filter: WalletHistoryFilter) {
  return useInfiniteQuery(walletHistoryQueryOptions(filter));
}
