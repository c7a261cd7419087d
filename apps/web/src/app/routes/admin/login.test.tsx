import { AUTH_MESSAGES } from '@aaspaas/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { authResponse, jsonResponse, renderAt, serveFakeApi, testUser, unauthorized, type FakeCall } from '@/lib/session-testing';
import { Component as AdminLoginPage } from './login';

function page(handle: (call: FakeCall) => Response | undefined, path = '/admin/login') {
  const calls = serveFakeApi((call) => {
    if (call.path === '/api/auth/providers') return jsonResponse(200, { google: true });
    return handle(call) ?? unauthorized();
  });
  const view = renderAt(<AdminLoginPage />, path, [{ path: '/admin', element: <h1>Admin dashboard</h1> }]);
  render(<Toaster />);
  return { calls, ...view };
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('/admin/login (docs/product.md §2, §5, §8)', () => {
  it("refuses a non-admin email with 'Login Failed' and the server's message", async () => {
    const { calls } = page((call) =>
      call.path === '/api/admin/login' ? jsonResponse(401, { message: AUTH_MESSAGES.invalidCredentials }) : undefined,
    );
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up the admin account' }).getAttribute('href')).toBe('/admin/create-user');
    expect(screen.getByRole('link', { name: 'Back to Feed' })).toBeTruthy();
    type('Email', 'ravi@example.com');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.invalidCredentials)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/admin/login')?.body).toEqual({
      username: 'ravi@example.com',
      password: 'secret123',
    });
  });

  it("lets the admin in: 'Login Successful', then /admin", async () => {
    const { router } = page((call) =>
      call.path === '/api/admin/login' ? jsonResponse(200, authResponse('admin-token', testUser({ isAdmin: true }))) : undefined,
    );
    type('Email', 'admin@example.com');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('admin-token');
  });

  it('signs out a Google account that is not the admin, with the spec message', async () => {
    const { calls, router } = page((call) => {
      if (call.path === '/api/auth/refresh') return jsonResponse(200, authResponse('google-token', testUser({ isAdmin: false })));
      if (call.path === '/api/auth/logout') return new Response(null, { status: 204 });
      return undefined;
    }, '/admin/login?google=ok');
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.notAdminGoogle)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
  });
});
