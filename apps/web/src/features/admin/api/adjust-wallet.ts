import type { WalletAdjustmentRequest, WalletAdjustmentResult } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterChange } from '@/lib/query-client';

export type WalletAdjustment = WalletAdjustmentRequest & { userId: string };

export function adjustWallet({ userId, ...body }: WalletAdjustment): Promise<WalletAdjustmentResult> {
  return api.post(`/api/admin/users/${encodeURIComponent(userId)}/wallet-adjustments`, body);
}

/** The user list shows balances and the audit log the adjustment: both are read again after it. */
export function useAdjustWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustWallet,
    onSuccess: () => refetchAfterChange(queryClient, adminKeys.all),
  });
}
