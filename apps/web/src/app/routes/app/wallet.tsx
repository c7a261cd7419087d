import { PlanSection } from '@/features/pricing/components/plan-section';
import { WalletPage } from '@/features/wallet/components/wallet-page';

/** /wallet: the wallet, with the plan section (current plan, renewal date, Change/Cancel) of the pricing feature. */
export function Component() {
  return <WalletPage planSection={<PlanSection />} />;
}
