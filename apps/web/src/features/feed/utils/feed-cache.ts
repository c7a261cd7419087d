import { FEED_CACHE_MS } from '@/config/feed-cache';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { readJson, writeJson } from '@/lib/storage';
import { filtersKey, type FeedData, type FeedPage, type FeedPageParam, type NormalisedFeedFilters } from '../api/get-feed-page';

/**
 * The feed's two-minute cache in localStorage (docs/product.md §9), keyed by the query: shown at once on the
 * next load, then refreshed from the network. Only the first page is kept (small, fast to parse).
 */
type Entry = { savedAt: number; page: FeedPage; param: FeedPageParam };
type Store = Record<string, Entry>;
const MAX_ENTRIES = 6;

function readStore(): Store {
  const store = readJson<Store>(STORAGE_KEYS.feedCache);
  return store && typeof store === 'object' && !Array.isArray(store) ? store : {};
}

export function readFeedCache(
  filters: NormalisedFeedFilters,
  now: number = Date.now(),
): { data: FeedData; savedAt: number } | null {
  const entry = readStore()[filtersKey(filters)];
  if (!entry || typeof entry.savedAt !== 'number' || !Array.isArray(entry.page?.posts)) return null;
  if (now - entry.savedAt >= FEED_CACHE_MS || entry.savedAt > now) return null;
  return { data: { pages: [entry.page], pageParams: [entry.param] }, savedAt: entry.savedAt };
}

export function writeFeedCache(filters: NormalisedFeedFilters, data: FeedData, now: number = Date.now()): void {
  const page = data.pages[0];
  const param = data.pageParams[0];
  if (!page || !param) return;
  const store = readStore();
  store[filtersKey(filters)] = { savedAt: now, page, param };
  const fresh = Object.entries(store)
    .filter(([, e]) => now - e.savedAt < FEED_CACHE_MS)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_ENTRIES);
  writeJson(STORAGE_KEYS.feedCache, Object.fromEntries(fresh));
}
