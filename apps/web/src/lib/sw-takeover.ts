import { i18n } from './i18n';
import { loadSonner, requestToaster } from './notify';

type UpdateDeps = {
  container?: ServiceWorkerContainer;
  /** Shows the offer; calls `accept` when the person takes it. */
  offer?: (accept: () => void) => void;
  reload?: () => void;
};

/**
 * How a new release of the service worker takes over a page (lib/sw-update.ts registers it).
 * Every new worker that finishes installing while an older one controls the page is offered, not
 * forced: the one already waiting or installing when the page starts, and those found later. Once
 * a page that ran under a worker gets another one (accepted here, or in another tab of the app), it
 * reloads: its code is the old release, whose files the new worker no longer keeps.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration, deps: UpdateDeps = {}): void {
  const { container = navigator.serviceWorker, offer = offerUpdate, reload = () => window.location.reload() } = deps;
  let ranUnderWorker = container.controller !== null;
  const offerOnce = (worker: ServiceWorker) => {
    // The generated worker skips waiting on this message (vite-plugin-pwa's prompt mode).
    if (container.controller) offer(() => worker.postMessage({ type: 'SKIP_WAITING' }));
  };
  const whenInstalled = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offerOnce(worker);
    });
  };
  if (registration.waiting) offerOnce(registration.waiting);
  else whenInstalled(registration.installing);
  registration.addEventListener('updatefound', () => whenInstalled(registration.installing));
  container.addEventListener('controllerchange', () => {
    // The first install takes an uncontrolled page (clientsClaim): the same release, nothing to reload.
    if (ranUnderWorker) reload();
    ranUnderWorker = true;
  });
}

function offerUpdate(accept: () => void): void {
  requestToaster();
  void loadSonner().then(({ toast }) =>
    toast(i18n.t('update.ready'), {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: { label: i18n.t('update.reload'), onClick: accept },
    }),
  );
}
