import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type ConfirmDeleteDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many contacts go: the title and the button say it. */
  count: number;
  /** The contact's name when there is one contact. */
  name?: string;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
};

/** An alert dialog that says how many contacts are deleted and that it cannot be undone. */
export function ConfirmDeleteDialog({ open, onOpenChange, count, name, onConfirm, pending, error }: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('contacts');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={count === 1 && name ? t('delete.titleNamed', { name }) : t('delete.title', { count })}
      description={t('delete.description', { count })}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm', { count })}
      pendingLabel={t('delete.pending')}
      tone="danger"
      icon={<Trash2 className="size-5" aria-hidden="true" />}
      onConfirm={onConfirm}
      pending={pending}
      error={error}
    />
  );
}
