import { MODERATION_NOTE_MAX, POST_HIDE_REASONS, type PostHideReason } from '@aaspaas/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

type HidePostDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onHide: (reason: PostHideReason, note: string) => void;
  pending: boolean;
  error: string | null;
};

/** Hiding needs a reason from the list and, for 'other', a note: the business reads both. */
export function HidePostDialog({ open, onOpenChange, onHide, pending, error }: HidePostDialogProps) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<PostHideReason>('spam');
  const [note, setNote] = useState('');
  const reasonId = useId();
  const noteId = useId();
  const noteMissing = reason === 'other' && note.trim() === '';

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('moderation.hide.title')}</DialogTitle>
          <DialogDescription>{t('moderation.hide.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!noteMissing) onHide(reason, note.trim());
          }}
        >
          <label htmlFor={reasonId} className="text-sm font-semibold">
            {t('moderation.hide.reason')}
          </label>
          <select
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.target.value as PostHideReason)}
            className="min-h-11 rounded-xl border border-border bg-surface px-3 text-base"
          >
            {POST_HIDE_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`moderation.reasons.${r}`)}
              </option>
            ))}
          </select>
          <label htmlFor={noteId} className="text-sm font-semibold">
            {reason === 'other' ? t('moderation.hide.noteRequired') : t('moderation.hide.note')}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={MODERATION_NOTE_MAX}
            rows={3}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-xl border border-border bg-surface p-3 text-base"
          />
          {error ? (
            <p role="alert" className="font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
              {t('moderation.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={pending || noteMissing}>
              {pending ? <Spinner className="size-5" /> : null}
              {t('moderation.hide.confirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
