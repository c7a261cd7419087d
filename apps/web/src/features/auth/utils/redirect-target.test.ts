import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('goes back to the app page the guard came from, with its query', () => {
    expect(redirectTarget({ from: { pathname: '/edit-profile', search: '?step=phone', hash: '' } }, 'app')).toBe(
      '/edit-profile?step=phone',
    );
  });

  it('falls back to /app without a usable origin page', () => {
    expect(redirectTarget(null, 'app')).toBe('/app');
    expect(redirectTarget({ from: { pathname: '//evil.example/x' } }, 'app')).toBe('/app');
    expect(redirectTarget({ from: { pathname: '/login' } }, 'app')).toBe('/app');
    expect(redirectTarget({ from: { pathname: '/admin/users' } }, 'app')).toBe('/app');
  });

  it('keeps admin and business areas apart', () => {
    expect(redirectTarget({ from: { pathname: '/admin/users' } }, 'admin')).toBe('/admin/users');
    expect(redirectTarget({ from: { pathname: '/contacts' } }, 'admin')).toBe('/admin');
    expect(redirectTarget({ from: { pathname: '/admin/login' } }, 'admin')).toBe('/admin');
  });
});
