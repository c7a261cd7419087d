import type { WalletHistoryFilter } from '@aaspaas/domain';

export const walletKeys = {
  all: ['wallet'] as const,
  balance: () => ['wallet', 'balance'] as const,
  history: (filter: WalletHistoryFilter) => ['wallet', 'history', filter] as const,
  topup: (id: string) => ['wallet', 'topup', id] as const,
};

/** The home screen's figures include the balance: a payment changes them too. */
export const USER_STATS_KEY = ['user', 'stats'] as const;
