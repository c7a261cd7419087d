import { type AdminUser, MODERATION_NOTE_MAX } from '@aaspaas/domain';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '@/components/ui/reason-dialog';

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
  return (
    <ReasonDialog
      open={user !== null}
      onClose={onClose}
      title={t('users.suspend.title', { business: user?.businessName ?? '' })}
      description={t('users.suspend.description')}
      noteLabel={t('users.suspend.reason')}
      noteRequired
      noteMaxLength={MODERATION_NOTE_MAX}
      submitLabel={t('users.actions.suspend')}
      cancelLabel={t('moderation.cancel')}
      tone="danger"
      pending={pending}
      error={error}
      onSubmit={(_reason, note) => onSuspend(note)}
    />
  );
}
