import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt } from '@/lib/install-prompt';
import { jsonResponse, serveFakeApi } from '@/lib/session-testing';
import { renderWithProviders } from '@/test/render-with-providers';
import { DownloadAppDialog } from './download-app-dialog';
import { downloadOffer } from './download-choice';

const PLAY = 'https://play.google.com/store/apps/details?id=in.aaspaas.app';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

captureInstallPrompt(window);

/** The browser's install offer, as Chromium fires it; `accepted` is the person's answer. */
function offerInstall(accepted: boolean) {
  const prompted: string[] = [];
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: async () => void prompted.push('prompt'),
    userChoice: Promise.resolve({ outcome: accepted ? 'accepted' : 'dismissed' }),
  });
  window.dispatchEvent(event);
  return { prompted, event };
}

function open(userAgent: string, playStoreUrl: string | null) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  const calls = serveFakeApi((call) =>
    call.path === '/api/android-app' ? jsonResponse(200, { playStoreUrl }) : jsonResponse(404, { message: 'Not found' }),
  );
  const onOpenChange = vi.fn();
  renderWithProviders(<DownloadAppDialog open onOpenChange={onOpenChange} />);
  return { calls, onOpenChange };
}

afterEach(() => vi.unstubAllGlobals());

describe('"Download Android App" (docs/product.md §2)', () => {
  it('offers the Play Store listing on an Android phone once the app is published', async () => {
    open(ANDROID_UA, PLAY);
    const link = await screen.findByRole('link', { name: 'Get it on Google Play' });
    expect(link.getAttribute('href')).toBe(PLAY);
  });

  it('explains adding it by hand when the browser offers no install', async () => {
    open('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1', null);
    expect(await screen.findByText(/choose "Add to Home screen"/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Install the web app' })).toBeNull();
  });

  it('falls back on Android to installing the web app before the app is published', async () => {
    const { prompted, event } = offerInstall(true);
    expect(event.defaultPrevented).toBe(true);
    const { onOpenChange } = open(ANDROID_UA, null);
    const install = await screen.findByRole('button', { name: 'Install the web app' });
    expect(screen.queryByRole('link', { name: 'Get it on Google Play' })).toBeNull();
    fireEvent.click(install);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(prompted).toEqual(['prompt']);
  });

  it('offers only the web app elsewhere, never asking the server for the Play Store link', async () => {
    offerInstall(false);
    const { calls } = open('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', PLAY);
    expect(await screen.findByRole('button', { name: 'Install the web app' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/android-app')).toBe(false);
  });
});

describe('downloadOffer', () => {
  it('says so inside the app and once installed, and offers the Play Store only on Android', () => {
    const base = { native: false, installed: false, android: true, playStoreUrl: PLAY, canInstall: true };
    expect(downloadOffer({ ...base, native: true })).toEqual({ kind: 'in-app' });
    expect(downloadOffer({ ...base, installed: true })).toEqual({ kind: 'installed' });
    expect(downloadOffer(base)).toEqual({ kind: 'offer', playStoreUrl: PLAY, install: true });
    expect(downloadOffer({ ...base, android: false })).toEqual({ kind: 'offer', playStoreUrl: null, install: true });
  });
});
