import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

export const DANGER_BUTTON_CLASS =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-danger px-5 font-semibold text-white hover:bg-red-800 disabled:pointer-events-none disabled:opacity-60';

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
  const title = count === 1 && name ? t('delete.titleNamed', { name }) : t('delete.title', { count });
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog" hideClose>
        <DialogHeader className="pr-0">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{t('delete.description', { count })}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm font-semibold text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" size="lg" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('delete.cancel')}
          </Button>
          <button type="button" className={DANGER_BUTTON_CLASS} onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner className="size-5" /> : <Trash2 className="size-5" aria-hidden="true" />}
            {pending ? t('delete.pending') : t('delete.confirm', { count })}
          </button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
