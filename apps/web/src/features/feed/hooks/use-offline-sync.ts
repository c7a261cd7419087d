import { useEffect } from 'react';
import { readStorage } from '@/lib/storage';
import { likePost } from '../api/like-post';
import { recordView } from '../api/record-view';
import { OFFLINE_ACTIONS_STORAGE_KEY } from '../utils/is-offline';

const send = { like: likePost, view: recordView };

/** Sends the likes and views made offline when the feed opens with a connection and whenever it comes back. */
export function useOfflineSync(): void {
  useEffect(() => {
    const flush = () => {
      // The queue's code loads only when something waits in it.
      if (!navigator.onLine || readStorage(OFFLINE_ACTIONS_STORAGE_KEY) === null) return;
      void import('../utils/offline-actions').then(({ flushOfflineActions, pendingOfflineActions }) => {
        if (pendingOfflineActions() > 0) void flushOfflineActions(send);
      });
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);
}
