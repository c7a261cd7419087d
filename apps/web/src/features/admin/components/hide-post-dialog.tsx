import { MODERATION_NOTE_MAX, POST_HIDE_REASONS, type PostHideReason } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/ui/reason-dialog';

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
  return (
    <ReasonDialog<PostHideReason>
      open={open}
      onClose={() => onOpenChange(false)}
      title={t('moderation.hide.title')}
      description={t('moderation.hide.description')}
      reasons={{
        options: POST_HIDE_REASONS,
        initial: 'spam',
        label: t('moderation.hide.reason'),
        optionLabel: (r) => t(`moderation.reasons.${r}`),
        control: 'select',
      }}
      noteLabel={(reason) => (reason === 'other' ? t('moderation.hide.noteRequired') : t('moderation.hide.note'))}
      noteRequired={(reason) => reason === 'other'}
      noteMaxLength={MODERATION_NOTE_MAX}
      submitLabel={t('moderation.hide.confirm')}
      cancelLabel={t('moderation.cancel')}
      tone="danger"
      pending={pending}
      error={error}
      onSubmit={(reason, note) => reason && onHide(reason, note)}
    />
  );
}
