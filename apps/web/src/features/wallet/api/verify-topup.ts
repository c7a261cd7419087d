import type { Topup, VerifyTopup } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchAfterChange } from '@/lib/query-client';
import { USER_STATS_KEY, walletKeys } from './wallet-keys';

export function verifyTopup(topupId: string, result: VerifyTopup): Promise<Topup> {
  return api.post<Topup>(`/api/wallet/topups/${encodeURIComponent(topupId)}/verify`, result);
}

export function useVerifyTopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ topupId, result }: { topupId: string; result: VerifyTopup }) => verifyTopup(topupId, result),
    onSuccess: (topup) => {
      queryClient.setQueryData(walletKeys.topup(topup.id), topup);
      void refetchAfterChange(queryClient, walletKeys.all, USER_STATS_KEY);
    },
  });
}
