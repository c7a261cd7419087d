import { type AdminCampaign, SMS_STOP_REASON_MAX } from '@aaspaas/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

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
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <Dialog open={campaign !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('sms.stop.title', { name: campaign?.name ?? '', business: campaign?.businessName ?? '' })}</DialogTitle>
          <DialogDescription>{t('sms.stop.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) onStop(reason.trim());
          }}
        >
          <label htmlFor={id} className="text-sm font-semibold">
            {t('sms.stop.reason')}
          </label>
          <textarea
            id={id}
            value={reason}
            required
            maxLength={SMS_STOP_REASON_MAX}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            className="rounded-xl border border-border bg-surface p-3 text-base"
          />
          {error ? (
            <p role="alert" className="font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={pending}>
              {t('moderation.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={pending || reason.trim() === ''}>
              {pending ? <Spinner className="size-5" /> : null}
              {t('sms.stop.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
