import { AUTH_MESSAGES, GOOGLE_RESULT_MESSAGE_TYPE } from '@aaspaas/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_SIGN_IN_TIMEOUT_MS } from '@/config/auth-timings';
import { signInWithGooglePopup, type PopupHost } from './google-popup';

const ORIGIN = 'https://aaspaas.example';

/** A stand-in for `window`: records where it navigates and lets the test post messages to it. */
function fakeHost(popup: Partial<Window> | null | 'throws') {
  const listeners = new Set<(event: MessageEvent) => void>();
  const host = {
    open: vi.fn(() => {
      if (popup === 'throws') throw new Error('Blocked by cross-origin policy');
      return popup as Window | null;
    }),
    addEventListener: vi.fn((type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.add(listener);
    }),
    removeEventListener: vi.fn((type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.delete(listener);
    }),
    location: { origin: ORIGIN, assign: vi.fn() },
  };
  const post = (data: unknown, origin = ORIGIN) => {
    for (const listener of [...listeners]) listener(new MessageEvent('message', { data, origin }));
  };
  return { host: host as unknown as PopupHost, assign: host.location.assign, open: host.open, post, listeners };
}

const result = (ok: boolean, message?: string) => ({ type: GOOGLE_RESULT_MESSAGE_TYPE, ok, intent: 'business', message });

describe('Google popup sign-in (docs/product.md §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the popup at the start URL in popup mode', async () => {
    const { host, open, post } = fakeHost({ closed: false, close: vi.fn() });
    const attempt = signInWithGooglePopup('business', host);
    expect(open).toHaveBeenCalledWith(
      '/api/auth/google/start?intent=business&mode=popup',
      'aaspaas-google-sign-in',
      expect.stringContaining('popup'),
    );
    post(result(true));
    await expect(attempt).resolves.toEqual({ kind: 'success' });
  });

  it('falls back to a full redirect when the popup is blocked (window.open gives null)', async () => {
    const { host, assign } = fakeHost(null);
    await expect(signInWithGooglePopup('admin', host)).resolves.toEqual({ kind: 'redirecting' });
    expect(assign).toHaveBeenCalledWith('/api/auth/google/start?intent=admin&mode=redirect');
  });

  it('falls back to a redirect when opening throws', async () => {
    const { host, assign } = fakeHost('throws');
    await expect(signInWithGooglePopup('business', host)).resolves.toEqual({ kind: 'redirecting' });
    expect(assign).toHaveBeenCalledWith('/api/auth/google/start?intent=business&mode=redirect');
  });

  it('falls back to a redirect when the popup closes without a result', async () => {
    const popup = { closed: false, close: vi.fn() };
    const { host, assign, listeners } = fakeHost(popup);
    const attempt = signInWithGooglePopup('business', host);
    await vi.advanceTimersByTimeAsync(2000);
    expect(assign).not.toHaveBeenCalled();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000);
    await expect(attempt).resolves.toEqual({ kind: 'redirecting' });
    expect(assign).toHaveBeenCalledWith('/api/auth/google/start?intent=business&mode=redirect');
    expect(listeners.size).toBe(0);
  });

  it('falls back to a redirect when a cross-origin policy makes the popup unreadable', async () => {
    const popup = {
      get closed(): boolean {
        throw new DOMException('Blocked a frame from accessing a cross-origin frame.', 'SecurityError');
      },
      close: vi.fn(),
    };
    const { host, assign } = fakeHost(popup as unknown as Window);
    const attempt = signInWithGooglePopup('business', host);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(attempt).resolves.toEqual({ kind: 'redirecting' });
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it('times out after 30 s with nothing from Google', async () => {
    const popup = { closed: false, close: vi.fn() };
    const { host, assign } = fakeHost(popup);
    const attempt = signInWithGooglePopup('business', host);
    await vi.advanceTimersByTimeAsync(GOOGLE_SIGN_IN_TIMEOUT_MS);
    await expect(attempt).resolves.toEqual({ kind: 'timeout' });
    expect(popup.close).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells a cancellation apart from an error, and ignores messages from other origins or shapes', async () => {
    const popup = { closed: false, close: vi.fn() };
    const first = fakeHost(popup);
    const cancelled = signInWithGooglePopup('business', first.host);
    first.post(result(false, 'evil'), 'https://evil.example');
    first.post({ type: 'something-else', ok: true });
    first.post({ ...result(true), intent: 'admin' });
    first.post(result(false, AUTH_MESSAGES.googleCancelled));
    await expect(cancelled).resolves.toEqual({ kind: 'cancelled' });

    const second = fakeHost({ closed: false, close: vi.fn() });
    const failed = signInWithGooglePopup('business', second.host);
    second.post(result(false, AUTH_MESSAGES.googleDomainNotAuthorized));
    await expect(failed).resolves.toEqual({ kind: 'error', message: AUTH_MESSAGES.googleDomainNotAuthorized });
  });
});
