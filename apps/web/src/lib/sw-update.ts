import { watchForUpdates } from './sw-takeover';

/**
 * Registers the service worker (the installable web app: the app shell, the feed's last page and its
 * photos kept for offline). A new version, once downloaded, waits: a toast offers to reload into it,
 * and only then does it take over (the page reloads once it controls), so nobody's page changes
 * under them and nobody keeps a stale app after a release. Not in the Android app, whose files are
 * on the phone (ADR 020).
 */
export function registerServiceWorker(): void {
  if (import.meta.env.MODE === 'android' || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register').then(({ registerSW }) => {
    registerSW({ immediate: true, onRegisteredSW: (_url, registration) => registration && watchForUpdates(registration) });
  });
}
