import {
  type AdminSmsHistoryPage,
  displayIndianPhone,
  formatRupees,
  PRODUCT_NAME,
  SMS_MESSAGE_STATUSES,
  type SmsMessageStatus,
} from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { formatIndiaDateTime } from '@/lib/format';
import { useAdminSmsHistory } from '../api/get-admin-sms-history';
import { AdminFilter, type AdminColumn, AdminTable } from './admin-table';

type Row = AdminSmsHistoryPage['messages'][number];

/** /admin/sms-history: every business's messages, newest first: search by business, filter by status, day and number. */
export function AdminSmsHistoryPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('pages.smsHistory.title')} · ${t('title', { product: PRODUCT_NAME })}`);
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? 'all';
  const status = (SMS_MESSAGE_STATUSES as readonly string[]).includes(statusParam)
    ? (statusParam as SmsMessageStatus)
    : undefined;
  const day = params.get('day') ?? '';
  const history = useAdminSmsHistory({
    q: params.get('q') || undefined,
    status,
    ...(day ? { from: day, to: day } : {}),
    ...(params.get('number') ? { number: params.get('number') as string } : {}),
  });

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== 'all') next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const columns: AdminColumn<Row>[] = [
    {
      key: 'to',
      header: t('sms.columns.to'),
      cell: (m) => (
        <div className="flex flex-col gap-0.5">
          <span className="font-semibold tabular-nums">{displayIndianPhone(m.to) ?? m.to}</span>
          <span>{m.businessName}</span>
        </div>
      ),
    },
    {
      key: 'campaign',
      header: t('sms.columns.campaign'),
      cell: (m) => (
        <div className="flex flex-col gap-0.5">
          <span>{m.campaignName}</span>
          <span className="text-muted-foreground">
            {m.templateName} · {m.header}
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('sms.columns.status'),
      cell: (m) => (
        <div className="flex flex-col gap-0.5">
          <span className={m.status === 'failed' || m.status === 'expired' ? 'font-semibold text-danger' : 'font-semibold'}>
            {t(`sms.messageStatus.${m.status}`)}
          </span>
          {m.error ? <span className="text-muted-foreground">{m.error}</span> : null}
          <span className="text-muted-foreground">{formatIndiaDateTime(m.createdAt)}</span>
        </div>
      ),
    },
    {
      key: 'cost',
      header: t('sms.columns.cost'),
      cell: (m) => (
        <div className="flex flex-col gap-0.5 tabular-nums">
          <span>
            {formatRupees(m.costPaise)} · {t('sms.parts', { count: m.parts })}
          </span>
          {m.refunded ? <span className="text-muted-foreground">{t('sms.refundedShort')}</span> : null}
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-extrabold">{t('pages.smsHistory.title')}</h1>
        <p className="text-muted-foreground">{t('sms.historyIntro')}</p>
      </header>
      <AdminTable
        caption={t('pages.smsHistory.title')}
        columns={columns}
        rowKey={(m) => m.id}
        paged={{ ...history, rows: history.data?.pages.flatMap((page) => page.messages) }}
        empty={t('sms.historyEmpty')}
        search={{ label: t('sms.historySearch'), value: params.get('q') ?? '', onSearch: (q) => set('q', q) }}
        filters={
          <>
            <AdminFilter
              label={t('sms.columns.status')}
              value={status ?? 'all'}
              onChange={(v) => set('status', v)}
              options={[
                { value: 'all', label: t('sms.anyStatus') },
                ...SMS_MESSAGE_STATUSES.map((s) => ({ value: s, label: t(`sms.messageStatus.${s}`) })),
              ]}
            />
            <div className="flex flex-col gap-1">
              <label htmlFor="admin-sms-day" className="text-sm font-semibold">
                {t('sms.day')}
              </label>
              <Input id="admin-sms-day" type="date" value={day} onChange={(e) => set('day', e.target.value)} />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor="admin-sms-number" className="text-sm font-semibold">
                {t('sms.number')}
              </label>
              <Input
                id="admin-sms-number"
                type="search"
                inputMode="tel"
                defaultValue={params.get('number') ?? ''}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') set('number', e.currentTarget.value.replace(/\D/g, ''));
                }}
                onBlur={(e) => set('number', e.currentTarget.value.replace(/\D/g, ''))}
              />
            </div>
          </>
        }
      />
    </div>
  );
}
