import { formatRupees, type LedgerEntry, WALLET_HISTORY_FILTERS, type WalletHistoryFilter } from '@aaspaas/domain';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Skeleton } from '@/components/ui/skeleton';
import { formatIndiaDate } from '@/lib/format';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useDownloadReceipt } from '../api/download-receipt';
import { useWalletHistory } from '../api/get-wallet-history';

function EntryRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('wallet');
  const receipt = useDownloadReceipt();
  const credit = entry.amountPaise > 0;
  const amount = `${credit ? '+' : '−'}${formatRupees(Math.abs(entry.amountPaise))}`;
  return (
    <li className="flex items-center gap-3 border-b border-border px-3 py-3 last:border-b-0" data-testid="wallet-entry">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{t(`history.kinds.${entry.kind}`)}</p>
        {/* An adjustment's note is the admin's reason, written for the business; other notes are the app's own. */}
        {entry.kind === 'admin_credit' || entry.kind === 'admin_debit' ? (
          <p className="text-sm break-words">{entry.note}</p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {formatIndiaDate(entry.createdAt)} · {t('history.balanceAfter', { amount: formatRupees(entry.balanceAfterPaise) })}
        </p>
      </div>
      <p className={cn('font-bold tabular-nums', credit ? 'text-success' : 'text-foreground')}>{amount}</p>
      {entry.receiptNumber && entry.causeId ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('history.receiptFor', { number: entry.receiptNumber })}
          title={t('history.receipt')}
          disabled={receipt.isPending}
          onClick={() =>
            receipt.mutate(entry.causeId as string, { onError: () => void notify(t('history.receiptFailed'), 'error') })
          }
        >
          <Download className="size-5" aria-hidden="true" />
        </Button>
      ) : null}
    </li>
  );
}

export function WalletHistory() {
  const { t } = useTranslation('wallet');
  const [filter, setFilter] = useState<WalletHistoryFilter>('all');
  const history = useWalletHistory(filter);
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <section aria-labelledby="wallet-history-title" className="flex flex-col gap-3">
      <h2 id="wallet-history-title" className="text-lg font-bold">
        {t('history.title')}
      </h2>
      <div role="group" aria-label={t('history.filters.label')} className="flex gap-2">
        {WALLET_HISTORY_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={filter === f ? 'primary' : 'secondary'}
            aria-pressed={filter === f}
            onClick={() => setFilter(f)}
          >
            {t(`history.filters.${f}`)}
          </Button>
        ))}
      </div>
      {history.isPending ? (
        <div className="rounded-2xl border border-border bg-surface p-3" data-testid="wallet-history-loading">
          <span className="sr-only">{t('history.loading')}</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="my-2 h-10 w-full" />
          ))}
        </div>
      ) : history.isError && entries.length === 0 ? (
        <div role="alert" className="rounded-2xl border border-border bg-surface p-4">
          <p>{t('history.failed')}</p>
          <Button variant="secondary" className="mt-2" onClick={() => void history.refetch()}>
            {t('history.retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="rounded-2xl border border-border bg-surface p-4 text-muted-foreground">{t('history.empty')}</p>
      ) : (
        <ul className="rounded-2xl border border-border bg-surface" aria-busy={history.isFetching}>
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(history.hasNextPage)}
        loading={history.isFetchingNextPage}
        failed={history.isFetchNextPageError}
        onLoadMore={() => void history.fetchNextPage()}
        labels={{ loadMore: t('history.loadMore'), loading: t('history.loadingMore'), failed: t('history.moreFailed') }}
      />
    </section>
  );
}
