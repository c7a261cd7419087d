import { type AdminUser, MODERATION_NOTE_MAX } from '@aaspaas/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** Suspending needs a reason: the owner reads it when sign-in is refused. */
export function SuspendUserDialog({
  user,
  onClose,
  onSuspend,
  pending,
  error,
}: {
  user: AdminUser | null;
  onClose: () => void;
  onSuspend: (reason: string) => void;
  pending: boolean;
  error: string | null;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState('');
  const id = useId();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('users.suspend.title', { business: user?.businessName ?? '' })}</DialogTitle>
          <DialogDescription>{t('users.suspend.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim()) onSuspend(reason.trim());
          }}
        >
          <label htmlFor={id} className="text-sm font-semibold">
            {t('users.suspend.reason')}
          </label>
          <textarea
            id={id}
            value={reason}
            required
            maxLength={MODERATION_NOTE_MAX}
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
              {t('users.actions.suspend')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
