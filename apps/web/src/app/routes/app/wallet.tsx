import { WalletPage } from '@/features/wallet/components/wallet-page';

/**
 * /wallet. The plan section (current plan, renewal date, Change/Cancel) belongs to the subscriptions
 * feature: pass it as `planSection` here.
 */
export function Component() {
  return <WalletPage />;
}
