import { AppHome } from '@/features/app-home/components/app-home';
import { CounterPanel } from '@/features/counter/components/counter-panel';
import { PlanSummaryCard } from '@/features/pricing/components/plan-summary-card';
import { useSession } from '@/lib/session';

/** /app: the business app's home. */
export function Component() {
  const { user } = useSession();
  // The auth guard renders this page only with a signed-in user.
  if (!user) return null;
  return <AppHome user={user} plan={<PlanSummaryCard />} counter={<CounterPanel user={user} />} />;
}
