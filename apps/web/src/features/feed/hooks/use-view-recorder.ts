import { useEffect, useRef, type RefObject } from 'react';
import { VIEW_DELAY_MS, VIEW_VISIBLE_RATIO } from '@/config/view-queue';
import { analytics } from '@/lib/analytics';
import { recordView } from '../api/record-view';
import { isOffline } from '../utils/is-offline';
import { createViewQueue, type ViewQueue } from '../utils/view-queue';

/** A view seen offline waits in the offline queue (sent when the connection is back). */
async function recordOrKeep(postId: string): Promise<unknown> {
  const keep = async () => (await import('../utils/offline-actions')).queueOfflineView(postId);
  if (isOffline()) return keep();
  try {
    return await recordView(postId);
  } catch (error) {
    if (isOffline(error)) return keep();
    throw error;
  }
}

let sharedQueue: ViewQueue | null = null;
function queue(): ViewQueue {
  sharedQueue ??= createViewQueue(recordOrKeep);
  return sharedQueue;
}

/**
 * Counts a view once the post has been at least 30 % visible for 500 ms while the page is
 * visible (docs/product.md §4, §9); once per session per post, through the spaced queue.
 */
export function useViewRecorder<T extends Element>(postId: string, businessId: string): RefObject<T | null> {
  const ref = useRef<T | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let visible = false;
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const arm = () => {
      cancel();
      if (!visible || document.visibilityState !== 'visible') return;
      timer = setTimeout(() => {
        if (visible && document.visibilityState === 'visible' && queue().enqueue(postId)) {
          analytics.track('post_view', { postId, businessId });
          observer.disconnect();
          document.removeEventListener('visibilitychange', arm);
        }
      }, VIEW_DELAY_MS);
    };
    const observer = new IntersectionObserver(
      ([entry]) => {
        visible = Boolean(entry && entry.isIntersecting && entry.intersectionRatio >= VIEW_VISIBLE_RATIO);
        arm();
      },
      { threshold: [0, VIEW_VISIBLE_RATIO] },
    );
    observer.observe(el);
    document.addEventListener('visibilitychange', arm);
    return () => {
      cancel();
      observer.disconnect();
      document.removeEventListener('visibilitychange', arm);
    };
  }, [postId, businessId]);
  return ref;
}
