import { formatRupees, type NextPostCost } from '@aaspaas/domain';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNextPostCost } from '../api/get-next-post-cost';

/** What publishing this post will cost, said before the owner taps Publish (docs/product.md §10). */
export function PostCost() {
  const cost = useNextPostCost(true);
  if (!cost.data) return null;
  return (
    <p className="flex items-center gap-2 text-sm font-semibold" data-testid="post-cost">
      <Wallet className="size-4 shrink-0" aria-hidden="true" />
      <PostCostText cost={cost.data} />
    </p>
  );
}

function PostCostText({ cost }: { cost: NextPostCost }) {
  const { t } = useTranslation('publishing');
  if (cost.pricePaise > 0) return <>{t('cost.paid', { price: formatRupees(cost.pricePaise) })}</>;
  if (cost.left === null) return <>{t('cost.unlimited', { plan: cost.planName ?? '' })}</>;
  return (
    <>
      {cost.planName
        ? t('cost.freePlan', { left: cost.left, allowance: cost.allowance ?? 0, plan: cost.planName })
        : t('cost.free', { left: cost.left, allowance: cost.allowance ?? 0 })}
    </>
  );
}
