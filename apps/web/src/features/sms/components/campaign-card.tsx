import { formatRupees, type SmsCampaign, type SmsCampaignStatus } from '@aaspaas/domain';
import { Pause, Play, Trash2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCount, formatIndiaDateTime } from '@/lib/format';
import type { CampaignAction } from '../api/campaign-action';
import { campaignStartsAt } from '../utils/send-window';
import { CampaignProgress } from './campaign-progress';

const BADGE: Record<SmsCampaignStatus, 'neutral' | 'primary' | 'success' | 'danger'> = {
  draft: 'neutral',
  scheduled: 'primary',
  'waiting-for-window': 'primary',
  running: 'primary',
  paused: 'neutral',
  cancelled: 'neutral',
  completed: 'success',
  'stopped-by-admin': 'danger',
};

/** The actions each state allows; a finished campaign allows none. */
export function actionsFor(status: SmsCampaignStatus): CampaignAction[] {
  switch (status) {
    case 'running':
    case 'waiting-for-window':
      return ['pause', 'cancel'];
    case 'paused':
      return ['resume', 'cancel'];
    case 'scheduled':
      return ['cancel'];
    case 'draft':
      return ['delete'];
    default:
      return [];
  }
}

const ICONS = { pause: Pause, resume: Play, cancel: XCircle, delete: Trash2 } as const;

/** One campaign: its state, live counts, cost, the admin's reason when stopped, and what may be done to it. */
export function CampaignCard({ campaign, onAction }: { campaign: SmsCampaign; onAction: (action: CampaignAction) => void }) {
  const { t } = useTranslation('sms');
  const c = campaign.progress;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4"
      data-testid="campaign-card"
      data-status={campaign.status}
    >
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-bold break-words">{campaign.name}</h3>
          <p className="text-sm text-muted-foreground">
            {t(`campaigns.channels.${campaign.channel}`)} ·{' '}
            {[campaign.whatsappTemplate?.name, campaign.template?.name].filter(Boolean).join(' + ')} ·{' '}
            {t('campaigns.recipients', { count: campaign.recipients, shown: formatCount(campaign.recipients) })} ·{' '}
            {formatRupees(campaign.costPaise)}
          </p>
        </div>
        <Badge variant={BADGE[campaign.status]} data-testid="campaign-status">
          {t(`status.${campaign.status}`)}
        </Badge>
      </div>
      {campaign.status === 'scheduled' && campaign.scheduledAt ? (
        <p className="text-sm" data-testid="campaign-starts">
          {t('campaigns.scheduledFor', {
            at: formatIndiaDateTime(campaignStartsAt(campaign, new Date(campaign.scheduledAt)).toISOString()),
          })}
        </p>
      ) : null}
      {campaign.status === 'waiting-for-window' ? (
        <p className="text-sm">
          {campaign.sendsAt ? t('campaigns.waitsUntil', { at: formatIndiaDateTime(campaign.sendsAt) }) : t('campaigns.waits')}
        </p>
      ) : null}
      {campaign.refundedPaise > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('campaigns.refunded', { amount: formatRupees(campaign.refundedPaise) })}
        </p>
      ) : null}
      {campaign.status === 'stopped-by-admin' && campaign.stopReason ? (
        <p role="note" className="rounded-xl bg-danger-soft p-3 text-sm">
          <span className="font-semibold">{t('campaigns.stoppedBecause')}</span> {campaign.stopReason}
        </p>
      ) : null}
      <CampaignProgress
        label={t('campaigns.progressOf', { name: campaign.name })}
        counts={{
          total: campaign.recipients,
          queued: c.queued,
          sent: c.submitted,
          delivered: c.delivered,
          failed: c.failed + c.expired,
        }}
      />
      {actionsFor(campaign.status).length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actionsFor(campaign.status).map((action) => {
            const Icon = ICONS[action];
            return (
              <Button
                key={action}
                size="sm"
                variant={action === 'cancel' || action === 'delete' ? 'ghost' : 'secondary'}
                aria-label={t(`campaigns.actionsFor.${action}`, { name: campaign.name })}
                onClick={() => onAction(action)}
              >
                <Icon className="size-4" aria-hidden="true" />
                {t(`campaigns.actions.${action}`)}
              </Button>
            );
          })}
        </div>
      ) : null}
    </li>
  );
}
