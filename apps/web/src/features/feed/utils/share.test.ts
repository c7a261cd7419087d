import { describe, expect, it, vi } from 'vitest';
import { SHARE_TEXT_MAX } from '@/config/message-limits';
import { isIosSafari, postShareUrl, sharePayload, shareText, type ShareEnvironment } from './share';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 11; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0 Mobile/15E148 Safari/604.1';

const payload = { title: 'Sharma Kirana', text: 'Sharma Kirana: fresh mangoes', url: 'https://aaspaas.in/?post=abc' };

function env(overrides: Partial<ShareEnvironment> = {}): ShareEnvironment {
  return { userAgent: ANDROID_CHROME, openUrl: vi.fn(), ...overrides };
}

function abortError(): Error {
  const e = new Error('cancelled');
  e.name = 'AbortError';
  return e;
}

describe('share chain (docs/product.md §4)', () => {
  it('uses the native share of the app first', async () => {
    const nativeShare = vi.fn(async () => undefined);
    const webShare = vi.fn(async () => undefined);
    expect(await sharePayload(payload, env({ nativeShare, webShare }))).toBe('native');
    expect(webShare).not.toHaveBeenCalled();
  });

  it('opens a WhatsApp messaging link on iOS Safari', async () => {
    const e = env({ userAgent: IOS_SAFARI, webShare: vi.fn(async () => undefined) });
    expect(await sharePayload(payload, e)).toBe('whatsapp-link');
    expect(e.openUrl).toHaveBeenCalledWith(`https://wa.me/?text=${encodeURIComponent(`${payload.text} ${payload.url}`)}`);
    expect(e.webShare).not.toHaveBeenCalled();
  });

  it('uses the Web Share API elsewhere (and on iOS Chrome)', async () => {
    const webShare = vi.fn(async () => undefined);
    expect(await sharePayload(payload, env({ userAgent: IOS_CHROME, webShare }))).toBe('web-share');
    expect(webShare).toHaveBeenCalledWith(payload);
  });

  it('stops when the user closes the share sheet', async () => {
    const writeClipboard = vi.fn(async () => undefined);
    const outcome = await sharePayload(payload, env({ webShare: vi.fn().mockRejectedValue(abortError()), writeClipboard }));
    expect(outcome).toBe('cancelled');
    expect(writeClipboard).not.toHaveBeenCalled();
  });

  it('falls back to copying the link when web share fails or is missing', async () => {
    const writeClipboard = vi.fn(async () => undefined);
    expect(
      await sharePayload(payload, env({ webShare: vi.fn().mockRejectedValue(new Error('NotAllowed')), writeClipboard })),
    ).toBe('copied');
    expect(writeClipboard).toHaveBeenCalledWith(payload.url);
    expect(await sharePayload(payload, env({ writeClipboard }))).toBe('copied');
  });

  it('asks to copy by hand when nothing else works', async () => {
    expect(await sharePayload(payload, env({ writeClipboard: vi.fn().mockRejectedValue(new Error('denied')) }))).toBe('manual');
    expect(await sharePayload(payload, env())).toBe('manual');
  });

  it('builds the share URL and a text of at most 100 characters', () => {
    expect(postShareUrl('https://aaspaas.in', 'abc-123')).toBe('https://aaspaas.in/?post=abc-123');
    const text = shareText('Sharma Kirana Store', 'x'.repeat(300));
    expect(Array.from(text).length).toBeLessThanOrEqual(SHARE_TEXT_MAX);
    expect(text.endsWith('…')).toBe(true);
  });

  it('recognises iOS Safari only', () => {
    expect(isIosSafari(IOS_SAFARI)).toBe(true);
    expect(isIosSafari(IOS_CHROME)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME)).toBe(false);
  });
});
