/**
 * The browser's offer to install the web app (beforeinstallprompt, Chromium on Android and desktop),
 * kept from the page's start so "Download Android App" can show it later; it fires once, early.
 */
type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> };

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const announce = () => listeners.forEach((listener) => listener());

/** Listens for the browser's install offer (main.tsx, at start). */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Ours to show from the menu, not the browser's mini bar at a moment the person did not choose.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    announce();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    announce();
  });
}

export function canInstallWebApp(): boolean {
  return deferred !== null;
}

/** Already installed: opened from the home screen (standalone), or installed during this visit. */
export function isInstalledWebApp(): boolean {
  return installed || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/** Shows the browser's install dialog; true when the person installed. The offer is used up either way. */
export async function installWebApp(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  announce();
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome === 'accepted';
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
