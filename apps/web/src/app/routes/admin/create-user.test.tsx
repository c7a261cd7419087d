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

describe('/admin/create-user (spec §2, §5, §8)', () => {
  it("checks the email, leaves an empty name out, then says 'Admin Created' and links to the admin login", async () => {
    const calls = page((call) =>
      call.path === '/api/admin/create-user' ? jsonResponse(201, { message: AUTH_MESSAGES.adminSetupSent }) : undefined,
    );
    type('Email', 'admin@');
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    type('Email', 'Admin@Example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByRole('heading', { name: 'Admin Created' })).toBeTruthy();
    expect(screen.getAllByText(AUTH_MESSAGES.adminSetupSent).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Go to Admin Login' }).getAttribute('href')).toBe('/admin/login');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ email: 'admin@example.com' });
  });

  it("says 'Error' with the server's message for an email that is not the admin's", async () => {
    const calls = page((call) =>
      call.path === '/api/admin/create-user' ? jsonResponse(403, { message: AUTH_MESSAGES.notAdminEmail }) : undefined,
    );
    type('Email', 'ravi@example.com');
    type('Name (optional)', 'Ravi');
    fireEvent.click(screen.getByRole('button', { name: 'Create Admin Account' }));
    expect(await screen.findByText('Error')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.notAdminEmail)).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'ravi@example.com', name: 'Ravi' });
  });
});
