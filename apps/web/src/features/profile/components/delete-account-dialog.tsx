import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** The word to type before the account can be erased: a deliberate act, not a slip of the thumb. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
};

/** Says what is erased and that it cannot be undone; the button works only once DELETE is typed. */
export function DeleteAccountDialog({ open, onOpenChange, onConfirm, pending, error }: DeleteAccountDialogProps) {
  const { t } = useTranslation('profile');
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const confirmed = typed.trim() === DELETE_CONFIRMATION_WORD;

  function changeOpen(next: boolean) {
    if (pending) return;
    if (!next) setTyped('');
    onOpenChange(next);
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('delete.title')}</DialogTitle>
          <DialogDescription>{t('delete.description')}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (confirmed && !pending) onConfirm();
          }}
        >
          <label htmlFor={inputId} className="font-semibold">
            {t('delete.typeLabel', { word: DELETE_CONFIRMATION_WORD })}
          </label>
          <Input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="mt-1"
          />
          {error ? (
            <p role="alert" className="mt-2 text-sm font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => changeOpen(false)} disabled={pending}>
              {t('delete.cancel')}
            </Button>
            <button type="submit" disabled={!confirmed || pending} className={buttonVariants({ variant: 'danger' })}>
              {pending ? <Spinner className="size-5" /> : <Trash2 className="size-5" aria-hidden="true" />}
              {pending ? t('delete.pending') : t('delete.confirm')}
            </button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
