import type { Topup } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** While Razorpay has not confirmed, ask again now and then (the webhook may credit it any second). */
const PENDING_POLL_MS = 4000;

export function getTopup(id: string, signal?: AbortSignal): Promise<Topup> {
  return api.get<Topup>(`/api/wallet/topups/${encodeURIComponent(id)}`, { signal });
}

export function topupQueryOptions(id: string) {
  return queryOptions({
    queryKey: walletKeys.topup(id),
    queryFn: ({ signal }) => getTopup(id, signal),
    refetchInterval: (query) => (query.state.data?.status === 'created' ? PENDING_POLL_MS : false),
  });
}

export function useTopup(id: string, enabled: boolean) {
  return useQuery({ ...topupQueryOptions(id), enabled });
}
