import { AUTH_MESSAGES } from '@aaspaas/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, serveFakeApi, unauthorized, type FakeCall } from '@/lib/session-testing';
import { Component as CreateAdminPage } from './create-user';

function page(handle: (call: FakeCall) => Response | undefined) {
  const calls = serveFakeApi((call) => handle(call) ?? unauthorized());
  renderAt(<CreateAdminPage />, '/admin/create-user');
  render(<Toaster />);
  return calls;
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('/admin/create-user (docs/product.md §2, §5, §8)', () => {
  it('asks for the email only, then says to check the admin mailbox and links to the admin login', async () => {
    const calls = page((call) =>
      call.path === '/api/admin/create-user' ? jsonResponse(200, { message: AUTH_MESSAGES.adminSetupSent }) : undefined,
    );
    // Nobody picks the admin's name or password here.
    expect(screen.queryByLabelText(/name/i)).toBeNull();
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    type('Email', 'admin@');
    fireEvent.click(screen.getByRole('button', { name: 'Email Me the Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    type('Email', 'Admin@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email Me the Link' }));
    expect(await screen.findByRole('heading', { name: 'Check the Admin Mailbox' })).toBeTruthy();
    expect(screen.getAllByText(AUTH_MESSAGES.adminSetupSent).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to Admin Login' }).getAttribute('href')).toBe('/admin/login');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ email: 'admin@example.com' });
  });

  it("says 'Error' with the server's message when the request fails (too many attempts)", async () => {
    const tooMany = 'Too many attempts. Please wait 15 minutes and try again.';
    const calls = page((call) => (call.path === '/api/admin/create-user' ? jsonResponse(429, { message: tooMany }) : undefined));
    type('Email', 'ravi@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Email Me the Link' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText(tooMany)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'ravi@example.com' });
  });
});
