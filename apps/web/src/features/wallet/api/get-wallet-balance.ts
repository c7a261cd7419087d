import type { WalletBalance } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export function getWalletBalance(signal?: AbortSignal): Promise<WalletBalance> {
  return api.get<WalletBalance>('/api/wallet', { signal });
}

export function walletBalanceQueryOptions() {
  return queryOptions({ queryKey: walletKeys.balance(), queryFn: ({ signal }) => getWalletBalance(signal) });
}

export function useWalletBalance() {
  return useQuery(walletBalanceQueryOptions());
}
