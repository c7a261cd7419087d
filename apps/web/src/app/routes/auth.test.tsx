import { AUTH_MESSAGES } from '@aaspaas/domain';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { authResponse, jsonResponse, renderAt, serveFakeApi, testUser, unauthorized, type FakeCall } from '@/lib/session-testing';
import { Component as AuthPage } from './auth';

/** The auth page of docs/product.md §2 against a fake API at the network boundary; toasts are sonner's own. */
function page(
  handle: (call: FakeCall) => Response | Promise<Response> | undefined,
  providers = { google: true },
  path = '/login',
) {
  const calls = serveFakeApi((call) => {
    if (call.path === '/api/auth/providers') return jsonResponse(200, providers);
    return handle(call) ?? unauthorized();
  });
  const view = renderAt(<AuthPage />, path, [{ path: '/app', element: <p>app home</p> }]);
  // Outside the router, as in the app: toasts outlive the page that raised them.
  render(<Toaster />);
  return { calls, ...view };
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

afterEach(() => vi.unstubAllGlobals());

describe('/login and /auth (docs/product.md §2, §4, §5, §8)', () => {
  it('shows the two tabs, Google, the OR divider and the login form', async () => {
    const { calls, router } = page(() => undefined);
    expect(screen.getByRole('tab', { name: 'Login', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByText('OR')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login with Email' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Feed' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('heading', { name: 'Promote Your Business to People Living Nearby' })).toBeTruthy();
    for (const title of ['Easy to Use', 'Local Reach', 'Visual Content', 'Real-time Engagement']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    // Nothing is signed in: the start-up refresh is refused and the page stays.
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/refresh')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user on to /app', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
    const { router } = page((call) => (call.path === '/api/user/me' ? jsonResponse(200, testUser()) : undefined));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it("finishes a Google redirect (?google=ok): refresh, 'Google login successful', /app", async () => {
    const { calls, router } = page(
      (call) => (call.path === '/api/auth/refresh' ? jsonResponse(200, authResponse('token-g')) : undefined),
      { google: true },
      '/login?google=ok',
    );
    expect(await screen.findByText('Google login successful')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(calls.filter((c) => c.path === '/api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-g');
  });

  it("answers an unauthorized domain with the 'Domain Not Authorized' toast and cleans the address", async () => {
    const message = encodeURIComponent(AUTH_MESSAGES.googleDomainNotAuthorized);
    const { router } = page(() => undefined, { google: true }, `/login?google=error&message=${message}`);
    expect(await screen.findByText('Domain Not Authorized')).toBeTruthy();
    expect(screen.getByText(/Please use email\/password login instead/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('stays silent when the user cancelled on Google', async () => {
    const message = encodeURIComponent(AUTH_MESSAGES.googleCancelled);
    const { router } = page(() => undefined, { google: true }, `/login?google=error&message=${message}`);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Google Sign-In Failed')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the docs/product.md §5 messages for a bad login', async () => {
    const { calls } = page(() => undefined);
    type('Email', 'not-an-email');
    type('Password', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Login with Email' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(false);
  });

  it("logs in: 'Logging in...' while pending, then 'Login successful' and /app", async () => {
    const answer = deferred<Response>();
    const { calls, router } = page((call) => (call.path === '/api/auth/login' ? answer.promise : undefined));
    type('Email', ' Ravi@Example.com ');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Login with Email' }));
    const pending = await screen.findByRole('button', { name: 'Logging in...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      username: 'ravi@example.com',
      password: 'secret123',
    });
    answer.resolve(jsonResponse(200, authResponse('token-1')));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(screen.getByText('Welcome back')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-1');
  });

  it("says 'Login failed' with the server's message", async () => {
    page((call) =>
      call.path === '/api/auth/login' ? jsonResponse(401, { message: AUTH_MESSAGES.invalidCredentials }) : undefined,
    );
    type('Email', 'ravi@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login with Email' }));
    expect(await screen.findByText('Login failed')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.invalidCredentials)).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("registers: the five fields' messages, then 'Registering...' and 'Registration successful'", async () => {
    const answer = deferred<Response>();
    const { router } = page((call) => (call.path === '/api/auth/register' ? answer.promise : undefined));
    fireEvent.mouseDown(screen.getByRole('tab', { name: 'Register' }), { button: 0 });
    expect(await screen.findByRole('button', { name: 'Sign up with Google' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register with Email' }));
    for (const message of [
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      'Name must be at least 2 characters',
      'Business name must be at least 2 characters',
      'Mobile number must be at least 10 characters',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    type('Email', 'asha@example.com');
    type('Password', 'secret123');
    type('Your Name', 'Asha');
    type('Business Name', 'Asha Tailors');
    type('Mobile Number', '9820012345');
    fireEvent.click(screen.getByRole('button', { name: 'Register with Email' }));
    expect(await screen.findByRole('button', { name: 'Registering...' })).toBeTruthy();
    answer.resolve(jsonResponse(201, authResponse('token-r')));
    expect(await screen.findByText('Registration successful')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app'));
  });

  it("sends a reset link from the 'Reset Password' dialog, which then closes", async () => {
    const answer = deferred<Response>();
    const { calls } = page((call) => (call.path === '/api/auth/forgot-password' ? answer.promise : undefined));
    type('Email', 'ravi@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    // The email typed in the login form is carried over.
    expect((within(dialog).getByLabelText('Email') as HTMLInputElement).value).toBe('ravi@example.com');
    fireEvent.input(within(dialog).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.input(within(dialog).getByLabelText('Email'), { target: { value: 'ravi@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeTruthy();
    answer.resolve(jsonResponse(200, { message: AUTH_MESSAGES.forgotPasswordSent }));
    expect(await screen.findByText('Password reset email sent')).toBeTruthy();
    expect(screen.getByText('Check your email for password reset instructions')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({ email: 'ravi@example.com' });
  });

  it('explains when Google is not configured, without opening a popup', async () => {
    const open = vi.spyOn(window, 'open');
    const { calls } = page(() => undefined, { google: false });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/auth/providers')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google Sign-In Failed')).toBeTruthy();
    expect(screen.getByText(AUTH_MESSAGES.googleNotEnabled)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("shows 'Signing in with Google...' while the popup is open", async () => {
    const popup = { closed: false, close: vi.fn() } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    page(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledWith(
      '/api/auth/google/start?intent=business&mode=popup',
      expect.any(String),
      expect.any(String),
    );
    expect(await screen.findByRole('button', { name: 'Signing in with Google...' })).toBeTruthy();
  });
});
