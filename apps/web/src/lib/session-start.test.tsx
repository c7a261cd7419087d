import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { useSession } from './session';
import { authResponse, renderAt, serveFakeApi, testUser, unauthorized } from './session-testing';

// The start-up refresh runs once per page load: this file is that page.
afterEach(() => vi.unstubAllGlobals());

describe('session start-up with a refresh cookie (e.g. back from Google)', () => {
  it('tries the refresh once without a stored token, loading until it answers', async () => {
    const calls = serveFakeApi(({ path }) =>
      path === '/api/auth/refresh' ? Response.json(authResponse('token-g', testUser({ isAdmin: true }))) : unauthorized(),
    );
    function Probe() {
      const s = useSession();
      return <p>{`${s.status} ${s.user?.businessName ?? '-'} ${s.isAdmin}`}</p>;
    }
    renderAt(<Probe />);
    expect(screen.getByText('loading - false')).toBeTruthy();
    await screen.findByText('signed-in Sharma Kirana Store true');
    // The refresh answered with the user: no extra GET /api/user/me.
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/refresh']);
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('token-g');
  });
});
