import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { api, ApiError } from './api-client';
import { cancelScheduledRefresh, refreshDelayMs, scheduleRefresh } from './session-refresh';
import { refreshSession, setSession, useSession, useSignOut } from './session';
import { authResponse, jsonResponse, renderAt, serveFakeApi, testUser, unauthorized } from './session-testing';

/**
 * The session against a fake API at the network boundary (globalThis.fetch): our own modules run
 * for real. The start-up refresh happens once per page, so it has its own test files
 * (session-start*.test.tsx); here the first session mounts with a stored token.
 */
beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cancelScheduledRefresh();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session: token and refresh (docs/product.md §4, §7)', () => {
  it('keeps the token under auth_token and sends it as a bearer header', async () => {
    const calls = serveFakeApi(() => jsonResponse(200, { contacts: 0 }));
    setSession(authResponse('token-1'));
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-1');
    await api.get('/api/user/stats');
    expect(calls[0]?.auth).toBe('Bearer token-1');
  });

  it('answers concurrent 401s with one shared refresh, then retries each call once', async () => {
    const calls = serveFakeApi(async ({ method, path, auth: header }) => {
      if (path === '/api/auth/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return jsonResponse(200, authResponse('token-2'));
      }
      if (header !== 'Bearer token-2') return unauthorized();
      return jsonResponse(200, { path, method });
    });
    setSession(authResponse('token-1'));
    const results = await Promise.all([api.get('/api/user/me'), api.get('/api/user/stats'), api.post('/api/contacts', {})]);
    expect(results.map((r) => (r as { path: string }).path)).toEqual(['/api/user/me', '/api/user/stats', '/api/contacts']);
    const refreshes = calls.filter((c) => c.path === '/api/auth/refresh');
    expect(refreshes).toHaveLength(1);
    // The refresh call identifies the device by its cookie only.
    expect(refreshes[0]?.auth).toBeNull();
    expect(calls.filter((c) => c.path === '/api/user/me').map((c) => c.auth)).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-2');
  });

  it('retries only once: a second 401 is the answer', async () => {
    const calls = serveFakeApi(({ path }) =>
      path === '/api/auth/refresh' ? jsonResponse(200, authResponse('token-2')) : unauthorized(),
    );
    setSession(authResponse('token-1'));
    const error = await api.get('/api/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(calls.map((c) => c.path)).toEqual(['/api/user/me', '/api/auth/refresh', '/api/user/me']);
  });

  it('clears the token when the server refuses the refresh, keeps it when the network fails', async () => {
    serveFakeApi(() => unauthorized());
    setSession(authResponse('token-1'));
    await expect(api.get('/api/user/me')).rejects.toThrow('Authentication failed');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();

    serveFakeApi(() => {
      throw new TypeError('Failed to fetch');
    });
    setSession(authResponse('token-3'));
    expect(await refreshSession('token-3')).toBe('failed');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-3');
  });

  it('does not refresh when another call already stored a newer token', async () => {
    const calls = serveFakeApi(() => jsonResponse(200, authResponse('token-9')));
    setSession(authResponse('token-2'));
    expect(await refreshSession('token-1')).toBe('refreshed');
    expect(calls).toHaveLength(0);
  });

  it('refreshes on a timer before the 15-minute token runs out', async () => {
    vi.useFakeTimers();
    const calls = serveFakeApi(() => jsonResponse(200, authResponse('token-2')));
    setSession(authResponse('token-1'));
    expect(refreshDelayMs()).toBe(14 * 60 * 1000);
    scheduleRefresh();
    await vi.advanceTimersByTimeAsync(14 * 60 * 1000 - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/refresh']);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-2');
  });
});

describe('useSession', () => {
  it('with a stored token loads GET /api/user/me', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-me');
    const calls = serveFakeApi(({ path }) => (path === '/api/user/me' ? jsonResponse(200, testUser()) : unauthorized()));
    function Probe() {
      const s = useSession();
      return <p>{`${s.status} ${s.user?.name ?? '-'}`}</p>;
    }
    renderAt(<Probe />);
    await screen.findByText('signed-in Ravi');
    expect(calls).toEqual([expect.objectContaining({ method: 'GET', path: '/api/user/me', auth: 'Bearer token-me' })]);
  });
});

describe('useSignOut', () => {
  it("logs out on the server, clears the token and goes to /login with 'Logged out'", async () => {
    const calls = serveFakeApi(() => new Response(null, { status: 204 }));
    setSession(authResponse('token-1'));
    function Button() {
      const { signOut, pending } = useSignOut();
      return <button onClick={() => void signOut()}>{pending ? 'pending' : 'Log out'}</button>;
    }
    const { router } = renderAt(<Button />);
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/logout', auth: null })]);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('signs out everywhere with the bearer token; from admin pages it lands on /admin/login', async () => {
    const calls = serveFakeApi(() => new Response(null, { status: 204 }));
    setSession(authResponse('token-1'));
    function Button() {
      const { signOutEverywhere } = useSignOut();
      return <button onClick={() => void signOutEverywhere()}>Everywhere</button>;
    }
    const { router } = renderAt(<Button />, '/admin');
    fireEvent.click(screen.getByRole('button', { name: 'Everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/logout-all', auth: 'Bearer token-1' })]);
  });

  it('keeps the session when the logout call fails', async () => {
    serveFakeApi(() => jsonResponse(500, { message: 'Database unavailable' }));
    setSession(authResponse('token-1'));
    function Button() {
      const { signOut, pending } = useSignOut();
      return <button onClick={() => void signOut()}>{pending ? 'pending' : 'Log out'}</button>;
    }
    const { router } = renderAt(<Button />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    });
    await screen.findByRole('button', { name: 'Log out' });
    expect(router.state.location.pathname).toBe('/app');
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-1');
  });
});
