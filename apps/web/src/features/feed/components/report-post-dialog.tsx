import { MODERATION_NOTE_MAX, POST_REPORT_REASONS, type PostReportReason } from '@aaspaas/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { notify } from '@/lib/notify';
import { useReportPost } from '../api/report-post';

/** A visitor tells the admin what is wrong with a post (loaded only when opened). */
export default function ReportPostDialog({
  postId,
  onClose,
  restoreFocus,
}: {
  postId: string;
  onClose: () => void;
  restoreFocus?: () => void;
}) {
  const { t } = useTranslation('feed');
  const report = useReportPost();
  const [reason, setReason] = useState<PostReportReason | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();

  return (
    <Dialog open onOpenChange={(open) => !open && !report.isPending && onClose()}>
      <DialogContent
        placement="sheet"
        data-testid="report-dialog"
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          restoreFocus?.();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason) return;
            report.mutate(
              { id: postId, input: { reason, note: note.trim() || undefined } },
              {
                onSuccess: (answer) => {
                  void notify(answer.message, 'success');
                  onClose();
                },
              },
            );
          }}
        >
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">{t('report.reason')}</legend>
            {POST_REPORT_REASONS.map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-3 rounded-xl px-2 hover:bg-muted">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  checked={reason === r}
                  onChange={() => setReason(r)}
                  className="size-5"
                />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className="text-sm font-semibold">
            {t('report.note')}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={MODERATION_NOTE_MAX}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
            className="rounded-xl border border-border bg-surface p-3 text-base"
          />
          {report.isError ? (
            <p role="alert" className="font-semibold text-danger">
              {report.error.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={report.isPending}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" disabled={!reason || report.isPending}>
              {report.isPending ? <Spinner className="size-5" /> : null}
              {t('report.send')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
