import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAccountDialog } from './delete-account-dialog';

function renderDialog(props: Partial<Parameters<typeof DeleteAccountDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  render(<DeleteAccountDialog open onOpenChange={vi.fn()} onConfirm={onConfirm} pending={false} error={null} {...props} />);
  return onConfirm;
}

describe('<DeleteAccountDialog>', () => {
  it('says what is erased for good and enables the button only once DELETE is typed', () => {
    const onConfirm = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('business profile, all your posts and your photos');
    expect(dialog.textContent).toContain('cannot be recovered');
    const button = screen.getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    const input = screen.getByLabelText('Type DELETE to confirm');

    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'delete' } });
    expect(button.disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'DELETE' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('shows why the deletion failed, and waits while it is under way', () => {
    renderDialog({ pending: true, error: 'You seem to be offline.' });
    expect(screen.getByRole('alert').textContent).toBe('You seem to be offline.');
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
