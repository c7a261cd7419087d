/** No connection: the browser says so, or the request never reached a server (fetch's TypeError). */
export function isOffline(error?: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return error instanceof TypeError;
}

/** Where the likes and views made offline wait (features/feed/utils/offline-actions.ts). */
export const OFFLINE_ACTIONS_STORAGE_KEY = 'aaspaas_offline_actions';
