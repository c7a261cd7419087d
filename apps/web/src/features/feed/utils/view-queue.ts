import { VIEW_QUEUE_SPACING_MS } from '@/config/view-queue';
import { readJson, writeJson } from '@/lib/storage';

/**
 * View recording (docs/product.md §4): once per session per post, the calls queued and sent one at a time,
 * 350 ms apart, so a fast scroll never bursts requests on a slow connection.
 */
export const VIEWED_SESSION_KEY = 'aaspaas_viewed_posts';

export type ViewQueue = {
  /** Queue a view unless this post was already counted in this session; true when queued. */
  enqueue: (postId: string) => boolean;
  size: () => number;
};

export function createViewQueue(
  send: (postId: string) => Promise<unknown>,
  { spacingMs = VIEW_QUEUE_SPACING_MS, storageKey = VIEWED_SESSION_KEY }: { spacingMs?: number; storageKey?: string } = {},
): ViewQueue {
  const pending: string[] = [];
  let running = false;

  const seen = (): Set<string> => new Set(readJson<string[]>(storageKey, 'session') ?? []);

  function markSeen(postId: string): void {
    const ids = seen();
    ids.add(postId);
    writeJson(storageKey, [...ids].slice(-500), 'session');
  }

  function pump(): void {
    const next = pending.shift();
    if (next === undefined) {
      running = false;
      return;
    }
    running = true;
    void send(next).catch(() => undefined);
    setTimeout(pump, spacingMs);
  }

  return {
    enqueue(postId) {
      if (pending.includes(postId) || seen().has(postId)) return false;
      markSeen(postId);
      pending.push(postId);
      if (!running) pump();
      return true;
    },
    size: () => pending.length,
  };
}
