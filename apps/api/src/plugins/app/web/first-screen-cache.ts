import { LRUCache } from 'lru-cache';

/** Places kept at once: India's cities and towns an IP guess can name, with room to spare. */
const MAX_PLACES = 2000;

/**
 * What the feed's HTML needs for one place, kept a few seconds and shared by every first visit the
 * IP guess puts there: one popular city's visitors cost one database read and one server render
 * per `ttlMs`, not one each. Concurrent misses share one computation; a failed one is not kept.
 */
export function createFirstScreenCache<V extends object>(ttlMs: number) {
  const cache = ttlMs > 0 ? new LRUCache<string, Promise<V>>({ max: MAX_PLACES, ttl: ttlMs, ttlAutopurge: false }) : null;
  return {
    /** Forgets every place: after a post is hidden or deleted, no first visit may be shown it again. */
    clear(): void {
      cache?.clear();
    },
    get(key: string, compute: () => Promise<V>): Promise<V> {
      if (!cache) return compute();
      const kept = cache.get(key);
      if (kept) return kept;
      const value = compute();
      cache.set(key, value);
      value.catch(() => {
        if (cache.get(key) === value) cache.delete(key);
      });
      return value;
    },
  };
}
