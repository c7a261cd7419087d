import { formatRupees } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useWalletBalance } from '../api/get-wallet-balance';

export function BalanceCard() {
  const { t } = useTranslation('wallet');
  const balance = useWalletBalance();
  return (
    <section className="rounded-2xl bg-primary p-5 text-primary-foreground" aria-labelledby="wallet-balance-label">
      <h2 id="wallet-balance-label" className="text-sm font-semibold">
        {t('balance.label')}
      </h2>
      {balance.data ? (
        <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="wallet-balance">
          {formatRupees(balance.data.balancePaise)}
        </p>
      ) : balance.isError ? (
        <div role="alert" className="mt-2">
          <p>{t('balance.failed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void balance.refetch()}>
            {t('balance.retry')}
          </Button>
        </div>
      ) : (
        <>
          <span className="sr-only">{t('balance.loading')}</span>
          <Skeleton className="mt-2 h-10 w-40 bg-white/30" />
        </>
      )}
    </section>
  );
}
