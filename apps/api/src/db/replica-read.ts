import { isConnectionError } from './client';

/**
 * A public read (ADR 047): on the replica, or on the primary when the caller asked for fresh data
 * (`fresh`, a signed-in caller: freshReads) or the replica cannot be reached (down, restarting), so
 * the page keeps answering. `onPrimary` null: no replica is configured and `onReplica` reads the primary.
 */
export async function replicaRead<T>(
  fresh: boolean | undefined,
  onReplica: () => Promise<T>,
  onPrimary: (() => Promise<T>) | null,
): Promise<T> {
  if (!onPrimary) return onReplica();
  if (fresh) return onPrimary();
  try {
    return await onReplica();
  } catch (err) {
    if (!isConnectionError(err)) throw err;
    return onPrimary();
  }
}
