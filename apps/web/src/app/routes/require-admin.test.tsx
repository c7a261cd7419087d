import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { jsonResponse, renderRoutes, serveFakeApi, testUser, unauthorized } from '@/lib/session-testing';
import { Component as RequireAdmin } from './require-admin';

function guarded(isAdmin: boolean | null) {
  if (isAdmin !== null) localStorage.setItem(STORAGE_KEYS.authToken, `token-${String(isAdmin)}`);
  serveFakeApi((call) =>
    call.path === '/api/user/me' && isAdmin !== null ? jsonResponse(200, testUser({ isAdmin })) : unauthorized(),
  );
  return renderRoutes(
    [{ element: <RequireAdmin />, children: [{ path: '/admin', element: <h1>Admin dashboard</h1> }] }],
    '/admin',
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RequireAdmin (docs/product.md §2: admin routes)', () => {
  it("shows 'Loading...' and, with no session once loading ends, goes to /admin/login", async () => {
    const { router } = guarded(null);
    expect(screen.getByText('Loading...')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('sends a signed-in business user who is not an admin to /admin/login', async () => {
    const { router } = guarded(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).toBeNull();
  });

  it('shows the admin pages to the admin', async () => {
    guarded(true);
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeTruthy();
  });
});
