import { useEffect } from 'react';
import { likePost } from '../api/like-post';
import { recordView } from '../api/record-view';
import { flushOfflineActions, pendingOfflineActions } from '../utils/offline-actions';

const send = { like: likePost, view: recordView };

/** Sends the likes and views made offline when the feed opens with a connection and whenever it comes back. */
export function useOfflineSync(): void {
  useEffect(() => {
    const flush = () => {
      if (navigator.onLine && pendingOfflineActions() > 0) void flushOfflineActions(send);
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, []);
}
