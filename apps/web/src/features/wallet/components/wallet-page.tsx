import { PRODUCT_NAME } from '@aaspaas/domain';
import { ArrowLeft, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AddMoneyCard } from './add-money-card';
import { BalanceCard } from './balance-card';
import { WalletHistory } from './wallet-history';

/**
 * /wallet: balance, Add money, the plan, the history and what the wallet is (docs/product.md §2).
 * `planSection` is the current plan with Change/Cancel, which the subscriptions feature draws: the
 * page composing both (app/routes/app/wallet.tsx) passes it in, as features do not import each other.
 */
export function WalletPage({ planSection }: { planSection?: ReactNode }) {
  const { t } = useTranslation('wallet');
  useDocumentTitle(`${t('title')} · ${PRODUCT_NAME}`);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 py-5" data-testid="wallet-page">
      <div className="flex items-center gap-2">
        <Link to={paths.app.root.getHref()} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label={t('back')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="text-2xl font-bold">{t('title')}</h1>
      </div>
      <BalanceCard />
      <AddMoneyCard />
      {planSection ? (
        <section aria-label={t('plan.slotLabel')} data-testid="wallet-plan-slot">
          {planSection}
        </section>
      ) : null}
      <WalletHistory />
      <aside className="flex gap-3 rounded-2xl bg-muted p-4 text-sm" aria-labelledby="wallet-help-title">
        <Info className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id="wallet-help-title" className="font-semibold">
            {t('help.title')}
          </h2>
          <p className="mt-1 text-muted-foreground">{t('help.body')}</p>
        </div>
      </aside>
    </div>
  );
}
