import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { jsonResponse, renderRoutes, serveFakeApi, testUser, unauthorized, type FakeCall } from '@/lib/session-testing';
import { Component as RequireAuth } from './require-auth';

function guarded(handle: (call: FakeCall) => Response | undefined) {
  const calls = serveFakeApi((call) => handle(call) ?? unauthorized());
  const view = renderRoutes(
    [{ element: <RequireAuth />, children: [{ path: '/edit-profile', element: <h1>Edit profile page</h1> }] }],
    '/edit-profile?step=phone',
  );
  return { calls, ...view };
}

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth (docs/product.md §2: protected routes)', () => {
  it("shows 'Loading Aaspaas...' while the session resolves, then sends a visitor to /login", async () => {
    const { router } = guarded(() => undefined);
    expect(screen.getByText('Loading Aaspaas...')).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Edit profile page' })).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: expect.objectContaining({ pathname: '/edit-profile', search: '?step=phone' }),
    });
  });

  it('lets a signed-in user through', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-1');
    const { router } = guarded((call) => (call.path === '/api/user/me' ? jsonResponse(200, testUser()) : undefined));
    expect(await screen.findByRole('heading', { name: 'Edit profile page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it('says why when the API cannot give the user, and retries', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'token-2');
    let up = false;
    const { calls } = guarded((call) =>
      call.path === '/api/user/me'
        ? up
          ? jsonResponse(200, testUser())
          : jsonResponse(503, { message: 'Service unavailable' })
        : undefined,
    );
    expect(await screen.findByText('Could not load your account')).toBeTruthy();
    expect(screen.getByText('Service unavailable')).toBeTruthy();
    up = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Edit profile page' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/user/me')).toHaveLength(2);
  });
});
