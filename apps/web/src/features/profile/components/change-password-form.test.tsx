import { AUTH_MESSAGES } from '@aaspaas/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from './change-password-form';

function renderForm(hasPassword: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChangePasswordForm hasPassword={hasPassword} />
    </QueryClientProvider>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function submit(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('<ChangePasswordForm>', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the current password, the rule of at least 6 characters and a matching repeat', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm(true);
    fill('New password', 'abc');
    fill('Confirm new password', 'abd');
    await submit('Change password');
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.passwordMin)).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's 'current password is incorrect' on that field", async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ message: AUTH_MESSAGES.currentPasswordWrong, field: 'currentPassword' }, { status: 400 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm(true);
    fill('Current password', 'wrong-one');
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    await submit('Change password');
    await waitFor(() => expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/change-password');
    expect(JSON.parse(init.body as string)).toEqual({ currentPassword: 'wrong-one', newPassword: 'new-secret' });
  });

  it('has no current password field for an account made with Google, and sends none', async () => {
    const fetchMock = vi.fn(async () => Response.json({ message: 'Too many attempts. Please wait a minute.' }, { status: 429 }));
    vi.stubGlobal('fetch', fetchMock);
    renderForm(false);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fill('New password', 'new-secret');
    fill('Confirm new password', 'new-secret');
    await submit('Set password');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Please wait a minute.');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ newPassword: 'new-secret' });
  });
});
