import { i18n } from './i18n';
import { loadSonner, requestToaster } from './notify';

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

let accepted = false;

/** Every new worker that finishes installing while an older one controls the page: offered, not forced. */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const offer = (worker: ServiceWorker) =>
    void offerUpdate(() => {
      accepted = true;
      // The generated worker skips waiting on this message (vite-plugin-pwa's prompt mode).
      worker.postMessage({ type: 'SKIP_WAITING' });
    });
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (accepted) window.location.reload();
  });
}

async function offerUpdate(reload: () => void): Promise<void> {
  requestToaster();
  const { toast } = await loadSonner();
  toast(i18n.t('update.ready'), {
    id: 'app-update',
    duration: Number.POSITIVE_INFINITY,
    action: { label: i18n.t('update.reload'), onClick: reload },
  });
}
