import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { Spinner } from './spinner';

type ConfirmDialogProps = {
  open: boolean;
  /** Called with false on Cancel, Escape or a tap outside; ignored while the action is pending. */
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Inside a <p>: text, or inline elements (spans). */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** 'danger' for what cannot be undone (a red button). */
  tone?: 'primary' | 'danger';
  /** An icon before the confirm label (aria-hidden). */
  icon?: ReactNode;
  pending?: boolean;
  pendingLabel?: string;
  /** The server's message when the action failed: shown in the dialog, which stays open. */
  error?: string | null;
  /** Where focus goes when the dialog closes (the button that opened it may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** A question before an action (spec: confirmation before destructive actions). Cancel comes first. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  tone = 'primary',
  icon,
  pending = false,
  pendingLabel,
  error,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog" hideClose onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader className="pr-0">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="text-sm font-semibold break-words text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" size="lg" onClick={() => onOpenChange(false)} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant={tone} size="lg" onClick={onConfirm} disabled={pending}>
            {pending ? <Spinner className="size-5" /> : icon}
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
