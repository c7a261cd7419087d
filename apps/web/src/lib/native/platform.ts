/**
 * Whether the page runs inside the Android app. Read from the bridge the app's WebView injects
 * before any script (window.Capacitor), not from @capacitor/core: the web's first load must not
 * carry native code (ADR 020), and everything native is imported only behind this check.
 */
type CapacitorBridge = { isNativePlatform?: () => boolean; getPlatform?: () => string };

export function isNativeApp(): boolean {
  return (globalThis as { Capacitor?: CapacitorBridge }).Capacitor?.isNativePlatform?.() === true;
}
