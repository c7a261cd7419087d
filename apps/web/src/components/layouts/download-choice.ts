/** What "Download Android App" offers (docs/product.md §2), from where the page runs. */
export type DownloadOffer =
  { kind: 'in-app' } | { kind: 'installed' } | { kind: 'offer'; playStoreUrl: string | null; install: boolean };

/**
 * Inside the app: nothing to get. On Android: the Play Store listing when the app is published, and
 * the web app's install as well (or instead, before it is published). Elsewhere: the web app's
 * install — the browser's own offer, or how to add it by hand when the browser makes none.
 */
export function downloadOffer(input: {
  native: boolean;
  installed: boolean;
  android: boolean;
  playStoreUrl: string | null;
  canInstall: boolean;
}): DownloadOffer {
  if (input.native) return { kind: 'in-app' };
  if (input.installed) return { kind: 'installed' };
  return { kind: 'offer', playStoreUrl: input.android ? input.playStoreUrl : null, install: input.canInstall };
}

export function isAndroidBrowser(userAgent: string = navigator.userAgent): boolean {
  return /Android/i.test(userAgent);
}
