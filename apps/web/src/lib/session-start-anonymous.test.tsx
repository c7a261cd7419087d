import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session';
import { renderAt, serveFakeApi, unauthorized } from './session-testing';

// The start-up refresh runs once per page load: this file is that page.
afterEach(() => vi.unstubAllGlobals());

describe('session start-up without token or cookie', () => {
  it('is loading while the refresh is tried, then signed out (no toast: nobody was signed in)', async () => {
    const calls = serveFakeApi(() => unauthorized());
    function Probe() {
      return <p>{useSession().status}</p>;
    }
    renderAt(<Probe />);
    expect(screen.getByText('loading')).toBeTruthy();
    await screen.findByText('signed-out');
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/refresh']);
  });
});
