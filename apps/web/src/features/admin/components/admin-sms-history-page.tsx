import { type AdminSmsHistoryPage, displayIndianPhone, formatRupees, PRODUCT_NAME, SMS_MESSAGE_STATUSES } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { formatIndiaDateTime } from '@/lib/format';
import { useAdminSmsHistory } from '../api/get-admin-sms-history';
import { AdminSmsList } from './admin-sms-list';
import type { AdminColumn } from './admin-table';

type Row = AdminSmsHistoryPage['messages'][number];

/** /admin/sms-history: every business's messages, newest first: search by business, filter by status, day and number. */
export function AdminSmsHistoryPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('pages.smsHistory.title')} · ${t('title', { product: PRODUCT_NAME })}`);
  const filters = useUrlFilters();
  const day = filters.get('day');
  const number = filters.get('number');
  const history = useAdminSmsHistory({
    q: filters.get('q') || undefined,
    status: filters.oneOf('status', SMS_MESSAGE_STATUSES),
    ...(day ? { from: day, to: day } : {}),
    ...(number ? { number } : {}),
  });

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
      <AdminSmsList
        title={t('pages.smsHistory.title')}
        intro={t('sms.historyIntro')}
        columns={columns}
        rowKey={(m) => m.id}
        paged={{ ...history, rows: history.data?.pages.flatMap((page) => page.messages) }}
        empty={t('sms.historyEmpty')}
        searchLabel={t('sms.historySearch')}
        filters={filters}
        statuses={SMS_MESSAGE_STATUSES}
        statusLabel={(s) => t(`sms.messageStatus.${s}`)}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="admin-sms-day" className="text-sm font-semibold">
            {t('sms.day')}
          </label>
          <Input id="admin-sms-day" type="date" value={day} onChange={(e) => filters.set('day', e.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="admin-sms-number" className="text-sm font-semibold">
            {t('sms.number')}
          </label>
          <Input
            id="admin-sms-number"
            type="search"
            inputMode="tel"
            defaultValue={number}
            onKeyDown={(e) => {
              if (e.key === 'Enter') filters.set('number', e.currentTarget.value.replace(/\D/g, ''));
            }}
            onBlur={(e) => filters.set('number', e.currentTarget.value.replace(/\D/g, ''))}
          />
        </div>
      </AdminSmsList>
    </div>
  );
}
