import { ApiError } from '@/lib/api-client';
import { readJson, writeJson } from '@/lib/storage';
import { isOffline, OFFLINE_ACTIONS_STORAGE_KEY as OFFLINE_ACTIONS_KEY } from './is-offline';

/**
 * Likes and views made while offline (docs/product.md §4, the installable web app), kept in local
 * storage and sent once the connection is back. Per post only the last wish counts (liked, then
 * unliked offline: nothing to send), and a view once; an entry leaves the store only when the server
 * has answered it, so a reload or a second drop of the connection loses nothing.
 */
export { OFFLINE_ACTIONS_STORAGE_KEY as OFFLINE_ACTIONS_KEY } from './is-offline';

type Stored = { likes: Record<string, boolean>; views: string[] };

const read = (): Stored => {
  const stored = readJson<Partial<Stored>>(OFFLINE_ACTIONS_KEY);
  return { likes: { ...stored?.likes }, views: [...(stored?.views ?? [])] };
};
const write = (stored: Stored) => writeJson(OFFLINE_ACTIONS_KEY, stored);

export function queueOfflineLike(postId: string, like: boolean): void {
  const stored = read();
  stored.likes[postId] = like;
  write(stored);
}

export function queueOfflineView(postId: string): void {
  const stored = read();
  if (!stored.views.includes(postId)) stored.views = [...stored.views, postId].slice(-500);
  write(stored);
}

export function pendingOfflineActions(): number {
  const stored = read();
  return Object.keys(stored.likes).length + stored.views.length;
}

export { isOffline } from './is-offline';

export type OfflineSenders = {
  like: (postId: string, like: boolean) => Promise<unknown>;
  view: (postId: string) => Promise<unknown>;
};

let flushing: Promise<number> | null = null;

/**
 * Sends what was queued, one call at a time; resolves with how many were sent. Stops at the first
 * call that finds no connection (the rest waits for the next time); an entry the server refused
 * (the post is gone) is dropped. One flush at a time in this page, and across tabs with a Web Lock.
 */
export function flushOfflineActions(send: OfflineSenders): Promise<number> {
  flushing ??= withLock(() => flush(send)).finally(() => {
    flushing = null;
  });
  return flushing;
}

function withLock(run: () => Promise<number>): Promise<number> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('aaspaas-offline-actions', run) : run();
}

async function flush(send: OfflineSenders): Promise<number> {
  let sent = 0;
  const attempt = async (call: () => Promise<unknown>, forget: (stored: Stored) => void): Promise<boolean> => {
    try {
      await call();
    } catch (error) {
      if (isOffline(error) || (error instanceof ApiError && (error.status >= 500 || error.status === 429))) return false;
    }
    const stored = read();
    forget(stored);
    write(stored);
    sent += 1;
    return true;
  };
  for (const [postId, like] of Object.entries(read().likes)) {
    const done = await attempt(
      () => send.like(postId, like),
      (stored) => {
        // A newer wish for the post, made while this one was on its way, stays for the next flush.
        if (stored.likes[postId] === like) delete stored.likes[postId];
      },
    );
    if (!done) return sent;
  }
  for (const postId of read().views) {
    const done = await attempt(
      () => send.view(postId),
      (stored) => {
        stored.views = stored.views.filter((id) => id !== postId);
      },
    );
    if (!done) return sent;
  }
  return sent;
}
