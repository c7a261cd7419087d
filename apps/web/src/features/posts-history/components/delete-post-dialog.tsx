import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

type DeletePostDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The start of the post's text: the dialog names what goes. */
  excerpt: string;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
  /** Where focus goes when the dialog closes (the post's own button may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** An alert dialog naming the post, saying what goes with it and that it cannot be undone. Cancel is first. */
export function DeletePostDialog({ excerpt, ...props }: DeletePostDialogProps) {
  const { t } = useTranslation('posts-history');
  return (
    <ConfirmDialog
      {...props}
      title={t('delete.title')}
      description={
        <>
          <span className="block font-semibold break-words text-foreground">“{excerpt}”</span>
          <span className="mt-2 block">{t('delete.description')}</span>
        </>
      }
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.pending')}
      tone="danger"
      icon={<Trash2 className="size-5" aria-hidden="true" />}
    />
  );
}
