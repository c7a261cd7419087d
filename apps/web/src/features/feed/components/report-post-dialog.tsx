import { MODERATION_NOTE_MAX, POST_REPORT_REASONS, type PostReportReason } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { notify } from '@/lib/notify';
import { translatedServerMessage } from '@/lib/api-client';
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
  const { t } = useTranslation('dialogs');
  const report = useReportPost();
  return (
    <ReasonDialog<PostReportReason>
      open
      onClose={onClose}
      placement="sheet"
      data-testid="report-dialog"
      onCloseAutoFocus={(e) => {
        e.preventDefault();
        restoreFocus?.();
      }}
      title={t('report.title')}
      description={t('report.description')}
      reasons={{
        options: POST_REPORT_REASONS,
        initial: null,
        label: t('report.reason'),
        optionLabel: (r) => t(`report.reasons.${r}`),
        control: 'radios',
      }}
      noteLabel={t('report.note')}
      noteRequired={false}
      noteMaxLength={MODERATION_NOTE_MAX}
      noteRows={2}
      submitLabel={t('report.send')}
      cancelLabel={t('report.cancel')}
      pending={report.isPending}
      error={report.isError ? report.error.message : null}
      onSubmit={(reason, note) => {
        if (!reason) return;
        report.mutate(
          { id: postId, input: { reason, note: note || undefined } },
          {
            onSuccess: (answer) => {
              void notify(translatedServerMessage(answer.message), 'success');
              onClose();
            },
          },
        );
      }}
    />
  );
}
