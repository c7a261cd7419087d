import { AUTH_MESSAGES } from '@aaspaas/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { jsonResponse, renderAt, serveFakeApi, unauthorized, type FakeCall } from '@/lib/session-testing';
import { Component as ResetPasswordPage } from './reset-password';

const TOKEN = 'a'.repeat(43);

function page(path: string, handle: (call: FakeCall) => Response | undefined = () => undefined) {
  const calls = serveFakeApi((call) => handle(call) ?? unauthorized());
  return { calls, ...renderAt(<ResetPasswordPage />, path) };
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => vi.unstubAllGlobals());

describe('/reset-password', () => {
  it('without a token explains and offers a new link', () => {
    page('/reset-password');
    expect(screen.getByRole('heading', { name: 'Reset link missing' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/login?forgot=1');
  });

  it("checks the password rules and that both match: 'Passwords do not match'", async () => {
    const { calls } = page(`/reset-password?token=${TOKEN}`);
    type('New password', '123');
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
    type('New password', 'new-secret');
    type('Confirm password', 'new-secreT');
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('sets the new password, clears a stale token and points to /login', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'old-session');
    const done = 'Your password has been changed. Please log in.';
    const { calls } = page(`/reset-password?token=${TOKEN}`, (call) =>
      call.path === '/api/auth/reset-password' ? jsonResponse(200, { message: done }) : undefined,
    );
    type('New password', 'new-secret');
    type('Confirm password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(done)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/login');
    expect(calls[0]?.body).toEqual({ token: TOKEN, password: 'new-secret' });
    expect(calls[0]?.auth).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it("shows the server's message for a used or expired link and offers a new one", async () => {
    page(`/reset-password?token=${TOKEN}`, (call) =>
      call.path === '/api/auth/reset-password' ? jsonResponse(400, { message: AUTH_MESSAGES.resetLinkInvalid }) : undefined,
    );
    type('New password', 'new-secret');
    type('Confirm password', 'new-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetLinkInvalid)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/login?forgot=1');
  });
});
