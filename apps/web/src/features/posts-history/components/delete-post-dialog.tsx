import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

const DANGER_BUTTON_CLASS =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-danger px-5 font-semibold text-white hover:bg-red-800 disabled:pointer-events-none disabled:opacity-60';

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
export function DeletePostDialog({
  open,
  onOpenChange,
  excerpt,
  onConfirm,
  pending,
  error,
  onCloseAutoFocus,
}: DeletePostDialogProps) {
  const { t } = useTranslation('posts-history');
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog" hideClose onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader className="pr-0">
          <DialogTitle>{t('delete.title')}</DialogTitle>
          <DialogDescription>
            <span className="block font-semibold break-words text-foreground">“{excerpt}”</span>
            <span className="mt-2 block">{t('delete.description')}</span>
          </DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm font-semibold break-words text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" size="lg" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('delete.cancel')}
          </Button>
          <button type="button" className={DANGER_BUTTON_CLASS} onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner className="size-5" /> : <Trash2 className="size-5" aria-hidden="true" />}
            {pending ? t('delete.pending') : t('delete.confirm')}
          </button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
