import { type AdminCampaign, formatRupees, PRODUCT_NAME, SMS_CAMPAIGN_STATUSES, type SmsCampaignStatus } from '@aaspaas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { formatCount, formatIndiaDateTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useAdminCampaigns } from '../api/get-admin-campaigns';
import { useStopCampaign } from '../api/stop-campaign';
import { AdminSmsList } from './admin-sms-list';
import type { AdminColumn } from './admin-table';
import { StopCampaignDialog } from './stop-campaign-dialog';

const STOPPABLE: readonly SmsCampaignStatus[] = ['scheduled', 'waiting-for-window', 'running', 'paused'];

/** /admin/campaigns: every business's SMS campaigns, searchable, with a stop (and its reason) for one that has not finished. */
export function AdminCampaignsPage() {
  const { t } = useTranslation('admin');
  useDocumentTitle(`${t('pages.campaigns.title')} · ${t('title', { product: PRODUCT_NAME })}`);
  const filters = useUrlFilters();
  const campaigns = useAdminCampaigns({
    q: filters.get('q') || undefined,
    status: filters.oneOf('status', SMS_CAMPAIGN_STATUSES),
  });
  const stop = useStopCampaign();
  const [stopping, setStopping] = useState<AdminCampaign | null>(null);

  const columns: AdminColumn<AdminCampaign>[] = [
    {
      key: 'campaign',
      header: t('sms.columns.campaign'),
      cell: (c) => (
        <div className="flex flex-col gap-0.5">
          <span className="font-semibold">{c.name}</span>
          <span>{c.businessName}</span>
          <span className="text-muted-foreground">
            {t(`sms.channels.${c.channel}`)} ·{' '}
            {[c.whatsappTemplate?.name, c.template ? `${c.template.name} · ${c.template.header}` : null]
              .filter(Boolean)
              .join(' + ')}
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      header: t('sms.columns.status'),
      cell: (c) => (
        <div className="flex flex-col gap-0.5">
          <span className={c.status === 'stopped-by-admin' ? 'font-semibold text-danger' : 'font-semibold'}>
            {t(`sms.campaignStatus.${c.status}`)}
          </span>
          {c.stopReason ? <span className="text-muted-foreground">“{c.stopReason}”</span> : null}
          <span className="text-muted-foreground">{formatIndiaDateTime(c.createdAt)}</span>
        </div>
      ),
    },
    {
      key: 'progress',
      header: t('sms.columns.progress'),
      cell: (c) => (
        <span className="tabular-nums">
          {t('sms.progress', {
            recipients: formatCount(c.recipients),
            delivered: formatCount(c.progress.delivered),
            submitted: formatCount(c.progress.submitted),
            failed: formatCount(c.progress.failed + c.progress.expired),
            queued: formatCount(c.progress.queued),
          })}
        </span>
      ),
    },
    {
      key: 'cost',
      header: t('sms.columns.cost'),
      cell: (c) => (
        <div className="flex flex-col gap-0.5 tabular-nums">
          <span>{formatRupees(c.costPaise)}</span>
          {c.refundedPaise > 0 ? (
            <span className="text-muted-foreground">{t('sms.refunded', { amount: formatRupees(c.refundedPaise) })}</span>
          ) : null}
        </div>
      ),
    },
    {
      key: 'actions',
      header: t('sms.columns.actions'),
      cell: (c) =>
        STOPPABLE.includes(c.status) ? (
          <Button size="sm" variant="secondary" className="text-danger" onClick={() => setStopping(c)}>
            {t('sms.stop.action')}
          </Button>
        ) : null,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <AdminSmsList
        title={t('pages.campaigns.title')}
        intro={t('sms.campaignsIntro')}
        columns={columns}
        rowKey={(c) => c.id}
        paged={{ ...campaigns, rows: campaigns.data?.pages.flatMap((page) => page.campaigns) }}
        empty={t('sms.campaignsEmpty')}
        searchLabel={t('sms.campaignSearch')}
        filters={filters}
        statuses={SMS_CAMPAIGN_STATUSES}
        statusLabel={(s) => t(`sms.campaignStatus.${s}`)}
      />
      <StopCampaignDialog
        key={stopping?.id ?? 'none'}
        campaign={stopping}
        onClose={() => {
          setStopping(null);
          stop.reset();
        }}
        pending={stop.isPending}
        error={stop.isError ? stop.error.message : null}
        onStop={(reason) =>
          stopping &&
          stop.mutate(
            { id: stopping.id, reason },
            {
              onSuccess: () => {
                void notify(t('sms.stop.done', { name: stopping.name }), 'success');
                setStopping(null);
              },
            },
          )
        }
      />
    </div>
  );
}
