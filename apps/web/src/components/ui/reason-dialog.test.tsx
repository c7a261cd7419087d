import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReasonDialog, type ReasonChoice } from './reason-dialog';

type Reason = 'spam' | 'wrong-price' | 'other';
const REASONS: readonly Reason[] = ['spam', 'wrong-price', 'other'];
const LABELS: Record<Reason, string> = { spam: 'Spam', 'wrong-price': 'Wrong price', other: 'Something else' };

function choice(control: ReasonChoice<Reason>['control'], initial: Reason | null): ReasonChoice<Reason> {
  return { options: REASONS, initial, label: 'Reason', optionLabel: (r) => LABELS[r], control };
}

type Props = Parameters<typeof ReasonDialog<Reason>>[0];

function open(props: Partial<Props> = {}) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  const all: Props = {
    open: true,
    onClose,
    title: 'Stop this?',
    description: 'They read your reason.',
    noteLabel: 'Reason (they see it)',
    noteRequired: true,
    noteMaxLength: 20,
    submitLabel: 'Stop',
    cancelLabel: 'Cancel',
    pending: false,
    onSubmit,
    ...props,
  };
  const view = render(<ReasonDialog<Reason> {...all} />);
  const dialog = screen.getByRole('dialog', { name: 'Stop this?' });
  const submit = within(dialog).getByRole('button', { name: 'Stop' }) as HTMLButtonElement;
  const rerender = (more: Partial<Props>) => view.rerender(<ReasonDialog<Reason> {...all} {...more} />);
  return { dialog, submit, onSubmit, onClose, rerender };
}

describe('<ReasonDialog>', () => {
  it('with free text only: sends the trimmed text, and not before some is typed', () => {
    const { dialog, submit, onSubmit } = open();
    const note = within(dialog).getByLabelText('Reason (they see it)') as HTMLTextAreaElement;
    expect(note.maxLength).toBe(20);
    expect(note.required).toBe(true);
    expect(submit.disabled).toBe(true);

    fireEvent.change(note, { target: { value: '   ' } });
    fireEvent.submit(submit.form!);
    expect(submit.disabled).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(note, { target: { value: '  Spam complaints ' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith(null, 'Spam complaints');
  });

  it('from a select: the first reason is chosen, and "other" asks for a note under its own label', () => {
    const { dialog, submit, onSubmit } = open({
      reasons: choice('select', 'spam'),
      noteLabel: (r) => (r === 'other' ? 'Note (needed)' : 'Note (optional)'),
      noteRequired: (r) => r === 'other',
    });
    const select = within(dialog).getByLabelText('Reason') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Spam', 'Wrong price', 'Something else']);
    expect(select.value).toBe('spam');
    expect(submit.disabled).toBe(false);

    fireEvent.change(select, { target: { value: 'other' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Note (needed)'), { target: { value: 'Posted five times' } });
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith('other', 'Posted five times');
  });

  it('from radio buttons: nothing is sent until a reason is picked; the note may stay empty', () => {
    const { dialog, submit, onSubmit } = open({ reasons: choice('radios', null), noteRequired: false, noteLabel: 'Note' });
    const group = within(dialog).getByRole('group', { name: 'Reason' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(submit.disabled).toBe(true);

    fireEvent.click(within(group).getByLabelText('Wrong price'));
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);
    expect(onSubmit).toHaveBeenCalledWith('wrong-price', '');
  });

  it("shows the server's message as an alert, and holds still while the action is on its way", () => {
    const { dialog, submit, onClose, rerender } = open({ error: 'This campaign has already finished.' });
    expect(within(dialog).getByRole('alert').textContent).toBe('This campaign has already finished.');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    rerender({ pending: true, error: null });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(submit.disabled).toBe(true);
    expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
