import { type AdminCampaign, SMS_STOP_REASON_MAX } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/ui/reason-dialog';

/** Stopping a business's campaign needs a reason: the business reads it on its campaign. */
export function StopCampaignDialog({
  campaign,
  onClose,
  onStop,
  pending,
  error,
}: {
  campaign: AdminCampaign | null;
  onClose: () => void;
  onStop: (reason: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <ReasonDialog
      open={campaign !== null}
      onClose={onClose}
      title={t('sms.stop.title', { name: campaign?.name ?? '', business: campaign?.businessName ?? '' })}
      description={t('sms.stop.description')}
      noteLabel={t('sms.stop.reason')}
      noteRequired
      noteMaxLength={SMS_STOP_REASON_MAX}
      submitLabel={t('sms.stop.confirm')}
      cancelLabel={t('moderation.cancel')}
      tone="danger"
      pending={pending}
      error={error}
      onSubmit={(_reason, note) => onStop(note)}
    />
  );
}
