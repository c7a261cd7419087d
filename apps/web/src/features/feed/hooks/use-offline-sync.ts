import { useEffect } from 'react';
import { readStorage } from '@/lib/storage';
import { likePost } from '../api/like-post';
import { recordView } from '../api/record-view';
import { OFFLINE_ACTIONS_STORAGE_KEY } from '../utils/is-offline';

const send = { like: likePost, view: recordView };

/**
 * When a flush leaves actions waiting while the browser says it is online, it is tried again after
 * these delays in turn (the last one repeating): the first request after an 'online' event can still
 * find no network on a phone's patchy data, or a busy server, and no second event may come.
 */
export const OFFLINE_SYNC_RETRY_MS = [5_000, 15_000, 60_000] as const;

/**
 * Sends the likes and views made offline when the feed opens with a connection, whenever it comes
 * back, and again (OFFLINE_SYNC_RETRY_MS) while some are still waiting.
 */
export function useOfflineSync(): void {
  useEffect(() => {
    let stopped = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    const flush = () => {
      clearTimeout(retry);
      // The queue's code loads only when something waits in it.
      if (stopped || !navigator.onLine || readStorage(OFFLINE_ACTIONS_STORAGE_KEY) === null) return;
      void import('../utils/offline-actions').then(async ({ flushOfflineActions, pendingOfflineActions }) => {
        if (pendingOfflineActions() === 0) return;
        await flushOfflineActions(send);
        if (stopped) return;
        if (pendingOfflineActions() > 0 && navigator.onLine) {
          // Two flushes may end here (an 'online' event during one): one timer, not two.
          clearTimeout(retry);
          retry = setTimeout(flush, OFFLINE_SYNC_RETRY_MS[Math.min(retries++, OFFLINE_SYNC_RETRY_MS.length - 1)]);
        } else {
          retries = 0;
        }
      });
    };
    const online = () => {
      retries = 0;
      flush();
    };
    flush();
    window.addEventListener('online', online);
    return () => {
      stopped = true;
      clearTimeout(retry);
      window.removeEventListener('online', online);
    };
  }, []);
}
