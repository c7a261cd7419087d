import { useId, useState } from 'react';
import { Button } from './button';
import { Select } from './select';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';
import { Spinner } from './spinner';
import { Textarea } from './textarea';

/** The list a reason is picked from. */
export type ReasonChoice<R extends string> = {
  options: readonly R[];
  /** Chosen when the dialog opens; null asks for a choice before sending. */
  initial: R | null;
  label: string;
  optionLabel: (reason: R) => string;
  /** A compact select for an admin at a desk, or rows of large radio buttons for a visitor's thumb. */
  control: 'select' | 'radios';
};

type ReasonDialogProps<R extends string> = {
  open: boolean;
  /** Cancel, Escape or a tap outside; ignored while the action is pending. */
  onClose: () => void;
  title: string;
  description: string;
  reasons?: ReasonChoice<R>;
  /** The free text's label, which may depend on the reason chosen ('other' asks for a note). */
  noteLabel: string | ((reason: R | null) => string);
  /** Whether sending needs some free text, which may depend on the reason chosen. */
  noteRequired: boolean | ((reason: R | null) => boolean);
  noteMaxLength: number;
  noteRows?: number;
  submitLabel: string;
  cancelLabel: string;
  /** 'danger' for an action against someone (hide, suspend, stop): a red button. */
  tone?: 'primary' | 'danger';
  pending: boolean;
  /** The server's message when sending failed: shown in the dialog, which stays open. */
  error?: string | null;
  /** The reason (null only when there is no list) and the free text, trimmed. */
  onSubmit: (reason: R | null, note: string) => void;
  placement?: 'center' | 'sheet';
  'data-testid'?: string;
  /** Where focus goes when the dialog closes (the button that opened it may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * Why an action is taken, for the person it is taken against or for the admin: a reason from a list
 * and/or free text, then Cancel or the action. Cancel comes first, as in ConfirmDialog.
 */
export function ReasonDialog<R extends string = never>({
  open,
  onClose,
  title,
  description,
  reasons,
  noteLabel,
  noteRequired,
  noteMaxLength,
  noteRows = 3,
  submitLabel,
  cancelLabel,
  tone = 'primary',
  pending,
  error,
  onSubmit,
  placement,
  'data-testid': testId,
  onCloseAutoFocus,
}: ReasonDialogProps<R>) {
  const [reason, setReason] = useState<R | null>(reasons?.initial ?? null);
  const [note, setNote] = useState('');
  const reasonId = useId();
  const noteId = useId();
  const needsNote = typeof noteRequired === 'function' ? noteRequired(reason) : noteRequired;
  const blocked = (reasons !== undefined && reason === null) || (needsNote && note.trim() === '');

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <DialogContent placement={placement} data-testid={testId} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!blocked) onSubmit(reason, note.trim());
          }}
        >
          {reasons?.control === 'select' ? (
            <>
              <label htmlFor={reasonId} className="text-sm font-semibold">
                {reasons.label}
              </label>
              <Select id={reasonId} value={reason ?? ''} onChange={(e) => setReason(e.target.value as R)}>
                {reasons.options.map((r) => (
                  <option key={r} value={r}>
                    {reasons.optionLabel(r)}
                  </option>
                ))}
              </Select>
            </>
          ) : reasons?.control === 'radios' ? (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-semibold">{reasons.label}</legend>
              {reasons.options.map((r) => (
                <label key={r} className="flex min-h-11 items-center gap-3 rounded-xl px-2 hover:bg-muted">
                  <input
                    type="radio"
                    name={reasonId}
                    value={r}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    className="size-5"
                  />
                  {reasons.optionLabel(r)}
                </label>
              ))}
            </fieldset>
          ) : null}
          <label htmlFor={noteId} className="text-sm font-semibold">
            {typeof noteLabel === 'function' ? noteLabel(reason) : noteLabel}
          </label>
          <Textarea
            id={noteId}
            value={note}
            required={needsNote}
            maxLength={noteMaxLength}
            rows={noteRows}
            onChange={(e) => setNote(e.target.value)}
          />
          {error ? (
            <p role="alert" className="font-semibold text-danger">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={tone} disabled={pending || blocked}>
              {pending ? <Spinner className="size-5" /> : null}
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
