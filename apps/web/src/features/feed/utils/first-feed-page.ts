import { FIRST_PAGE, getFeedPage, type FeedData, type FeedPage, type NormalisedFeedFilters } from '../api/get-feed-page';
import { startEarlyFeedPage, takeArrivedEarlyFeedPage, takeEarlyFeedPage } from './early-feed-page';
import { readFeedCache } from './feed-cache';

/**
 * Where the feed's first page comes from, in this order (docs/architecture.md, "The feed's first load"):
 *
 * 1. the page the server wrote into the feed's HTML (ADR 009), when it is for these filters;
 * 2. else the request the app's first module (main.tsx) started while the app downloaded;
 *    (1 and 2 are taken by the feed's first render once arrived, else by its first request)
 * 3. else the localStorage copy under two minutes old, shown at once and refreshed;
 * 4. else the feed query's own request.
 *
 * Each is taken once: a later page 1 (a refresh, other filters) always comes from the network.
 */

/** Sources 1 and 2, started by the app's first module before the app has downloaded. */
export function startFirstFeedPage(filters: NormalisedFeedFilters, now: number = Date.now()): Promise<FeedPage> {
  return startEarlyFeedPage(filters, now);
}

/** The feed's data at its first render: source 1 or 2 when it has arrived (fresh), else 3 (stale), else none. */
export function initialFeedData(
  filters: NormalisedFeedFilters,
  now: number = Date.now(),
): { data: FeedData; updatedAt: number } | null {
  const early = takeArrivedEarlyFeedPage(filters, now);
  if (early) return { data: { pages: [early.page], pageParams: [FIRST_PAGE] }, updatedAt: early.at };
  const cached = readFeedCache(filters, now);
  // Updated 'never': shown at once, and refreshed from the network.
  return cached ? { data: cached.data, updatedAt: 0 } : null;
}

/** The feed query's request for page 1: source 1 or 2 still on its way, else 4. */
export function fetchFirstFeedPage(filters: NormalisedFeedFilters, signal?: AbortSignal): Promise<FeedPage> {
  return takeEarlyFeedPage(filters) ?? getFeedPage(filters, FIRST_PAGE, signal);
}
