import {
  displayIndianPhone,
  formatRupees,
  MESSAGE_CHANNELS,
  PRODUCT_NAME,
  SMS_MESSAGE_STATUSES,
  type SmsHistoryRow,
  type SmsMessageStatus,
} from '@aaspaas/domain';
import { ArrowLeft, Download, Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCard } from '@/components/errors/error-card';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/load-more';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { type UrlFilters, useUrlFilters } from '@/hooks/use-url-filters';
import { formatIndiaDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useExportSmsHistory } from '../api/export-sms-history';
import { useCampaigns } from '../api/get-campaigns';
import { type SmsHistoryFilters, useSmsHistory } from '../api/get-sms-history';

const STATUS_BADGE: Record<SmsMessageStatus, 'neutral' | 'primary' | 'success' | 'danger'> = {
  queued: 'neutral',
  submitted: 'primary',
  delivered: 'success',
  failed: 'danger',
  expired: 'danger',
  cancelled: 'neutral',
};

function filtersOf({ get, oneOf }: UrlFilters): SmsHistoryFilters {
  const status = oneOf('status', SMS_MESSAGE_STATUSES);
  const channel = oneOf('channel', MESSAGE_CHANNELS);
  return {
    ...(get('campaign') ? { campaignId: get('campaign') } : {}),
    ...(status ? { status } : {}),
    ...(channel ? { channel } : {}),
    ...(get('from') ? { from: get('from') } : {}),
    ...(get('to') ? { to: get('to') } : {}),
    ...(get('number') ? { number: get('number') } : {}),
  };
}

function MessageRow({ row }: { row: SmsHistoryRow }) {
  const { t } = useTranslation('sms');
  return (
    <li className="flex flex-col gap-1 border-b border-border px-3 py-3 last:border-b-0" data-testid="sms-row">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold tabular-nums">{displayIndianPhone(row.to) ?? row.to}</span>
        <Badge variant="neutral" data-testid="sms-row-channel">
          {t(`history.channels.${row.channel}`)}
        </Badge>
        <Badge variant={STATUS_BADGE[row.status]}>{t(`messageStatus.${row.status}`)}</Badge>
        <span className="ml-auto font-semibold tabular-nums">{formatRupees(row.costPaise)}</span>
      </div>
      <p className="text-sm break-words text-muted-foreground">
        {row.campaignName} · {row.templateName}
        {row.channel === 'sms' ? ` · ${t('counter.parts', { count: row.parts })}` : ''}
        {row.refunded ? ` · ${t('history.refunded')}` : ''}
      </p>
      {row.error ? <p className="text-sm text-danger">{row.error}</p> : null}
      <p className="text-sm text-muted-foreground">{formatIndiaDateTime(row.createdAt)}</p>
    </li>
  );
}

/** /sms-history: every message sent, newest first, with its cost and fate; filters; server pages; CSV. */
export function SmsHistoryPage() {
  const { t } = useTranslation('sms');
  useDocumentTitle(`${t('history.title')} · ${PRODUCT_NAME}`);
  const id = useId();
  const urlFilters = useUrlFilters();
  const { set } = urlFilters;
  const filters = filtersOf(urlFilters);
  const history = useSmsHistory(filters);
  const campaigns = useCampaigns();
  const exporter = useExportSmsHistory();
  const [number, setNumber] = useState(urlFilters.get('number'));
  const rows = history.data?.pages.flatMap((p) => p.messages) ?? [];
  const campaignList = campaigns.data?.pages.flatMap((p) => p.campaigns) ?? [];

  const searchNumber = (event: FormEvent) => {
    event.preventDefault();
    set('number', number.replace(/\D/g, ''));
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-5" data-testid="sms-history-page">
      <div className="flex items-center gap-2">
        <Link to={paths.app.root.getHref()} className={buttonVariants({ variant: 'ghost', size: 'icon' })} aria-label={t('back')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <h1 className="flex-1 text-2xl font-bold">{t('history.title')}</h1>
        <Button
          variant="secondary"
          disabled={exporter.isPending}
          onClick={() =>
            exporter.mutate(filters, { onError: (e) => void notify(t('history.exportFailed', { message: e.message }), 'error') })
          }
        >
          {exporter.isPending ? <Spinner className="size-5" /> : <Download className="size-5" aria-hidden="true" />}
          {t('history.export')}
        </Button>
      </div>

      <section
        aria-label={t('history.filters.label')}
        className="grid grid-cols-2 gap-2 rounded-2xl border border-border bg-surface p-3 sm:gap-3"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-campaign`} className="text-sm font-semibold">
            {t('history.filters.campaign')}
          </label>
          <Select
            id={`${id}-campaign`}
            className="w-full"
            value={filters.campaignId ?? ''}
            onChange={(e) => set('campaign', e.target.value)}
          >
            <option value="">{t('history.filters.allCampaigns')}</option>
            {campaignList.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-channel`} className="text-sm font-semibold">
            {t('history.filters.channel')}
          </label>
          <Select
            id={`${id}-channel`}
            className="w-full"
            value={filters.channel ?? ''}
            onChange={(e) => set('channel', e.target.value)}
          >
            <option value="">{t('history.filters.allChannels')}</option>
            {MESSAGE_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`history.channels.${c}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-status`} className="text-sm font-semibold">
            {t('history.filters.status')}
          </label>
          <Select
            id={`${id}-status`}
            className="w-full"
            value={filters.status ?? ''}
            onChange={(e) => set('status', e.target.value)}
          >
            <option value="">{t('history.filters.allStatuses')}</option>
            {SMS_MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`messageStatus.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-semibold">
            {t('history.filters.from')}
          </label>
          <Input id={`${id}-from`} type="date" value={filters.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-semibold">
            {t('history.filters.to')}
          </label>
          <Input id={`${id}-to`} type="date" value={filters.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </div>
        <form role="search" onSubmit={searchNumber} className="col-span-2 flex items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={`${id}-number`} className="text-sm font-semibold">
              {t('history.filters.number')}
            </label>
            <Input id={`${id}-number`} type="search" inputMode="tel" value={number} onChange={(e) => setNumber(e.target.value)} />
          </div>
          <Button type="submit" variant="secondary" aria-label={t('history.filters.search')}>
            <Search className="size-5" aria-hidden="true" />
          </Button>
        </form>
      </section>

      {history.isPending ? (
        <div className="rounded-2xl border border-border bg-surface p-3">
          <span className="sr-only">{t('history.loading')}</span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="my-2 h-14 w-full" />
          ))}
        </div>
      ) : history.isError && rows.length === 0 ? (
        <ErrorCard
          title={t('history.failed')}
          message={history.error.message}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
          retryLabel={t('retry')}
        />
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-border bg-surface p-4 text-muted-foreground" data-testid="sms-history-empty">
          {Object.keys(filters).length > 0 ? t('history.emptyFiltered') : t('history.empty')}
        </p>
      ) : (
        <ul
          className="rounded-2xl border border-border bg-surface"
          aria-busy={history.isFetching}
          aria-label={t('history.listLabel')}
        >
          {rows.map((row) => (
            <MessageRow key={row.id} row={row} />
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(history.hasNextPage)}
        loading={history.isFetchingNextPage}
        failed={history.isFetchNextPageError}
        onLoadMore={() => void history.fetchNextPage()}
        labels={{ loadMore: t('loadMore'), loading: t('loadingMore'), failed: t('moreFailed') }}
      />
    </div>
  );
}
