import { FIRST_FEED_PAGE_ELEMENT_ID, type FirstFeedPage } from '@aaspaas/domain';
import { takeDataBlock } from '@/lib/data-block';
import {
  FIRST_PAGE,
  feedPageSize,
  filtersKey,
  getFeedPage,
  normaliseFilters,
  type FeedPage,
  type NormalisedFeedFilters,
} from '../api/get-feed-page';

/** A page fetched ahead is used by the feed's first query only if that query comes this soon. */
export const EARLY_PAGE_MAX_AGE_MS = 15_000;

/**
 * The feed's first page, requested by the app's first module (main.tsx) while the rest of the app
 * downloads, or read from the page when the server wrote it there: sources 1 and 2 of
 * first-feed-page.ts, which decides when the feed takes it (same filters: as initial data when it
 * has arrived by the feed's first render, else as the answer of its first request).
 */
type Early = { key: string; startedAt: number; page: Promise<FeedPage>; arrived?: { page: FeedPage; at: number } };
let early: Early | null = null;

/**
 * The first page the server wrote into the feed's HTML (apps/api …/web/feed-html-data.ts), when it
 * is for these filters: the visitor's IP guess, or all posts. Read once, by the first request.
 */
function takeInlineFirstPage(filters: NormalisedFeedFilters): FeedPage | null {
  const block = takeDataBlock(FIRST_FEED_PAGE_ELEMENT_ID) as Partial<FirstFeedPage> | null | undefined;
  if (!block || !Array.isArray(block.posts)) return null;
  const point = block.point ?? null;
  if (filtersKey(normaliseFilters(point ? { lat: point.lat, lon: point.lon } : {})) !== filtersKey(filters)) return null;
  const nextCursor = typeof block.nextCursor === 'string' ? block.nextCursor : null;
  return { posts: block.posts, nextCursor, limit: feedPageSize(filters), offset: 0 };
}

export function startEarlyFeedPage(filters: NormalisedFeedFilters, now: number = Date.now()): Promise<FeedPage> {
  const inline = takeInlineFirstPage(filters);
  const page = inline ? Promise.resolve(inline) : getFeedPage(filters, FIRST_PAGE);
  const entry: Early = { key: filtersKey(filters), startedAt: now, page };
  early = entry;
  // The query that takes it reports a failure; an untaken one must not be reported as unhandled.
  entry.page.then(
    (page) => {
      entry.arrived = { page, at: Date.now() };
    },
    () => undefined,
  );
  return entry.page;
}

function takeIf(filters: NormalisedFeedFilters, now: number, arrivedOnly: boolean): Early | null {
  if (early && now - early.startedAt > EARLY_PAGE_MAX_AGE_MS) early = null;
  const taken = early;
  // Another query (e.g. all posts while the place is still being found) leaves it for its own.
  if (!taken || taken.key !== filtersKey(filters) || (arrivedOnly && !taken.arrived)) return null;
  early = null;
  return taken;
}

/** The early page for these filters if it has arrived, once (else it stays for takeEarlyFeedPage). */
export function takeArrivedEarlyFeedPage(
  filters: NormalisedFeedFilters,
  now: number = Date.now(),
): { page: FeedPage; at: number } | null {
  return takeIf(filters, now, true)?.arrived ?? null;
}

/** The early page's request for these filters, once; null when there is none for them or it is old. */
export function takeEarlyFeedPage(filters: NormalisedFeedFilters, now: number = Date.now()): Promise<FeedPage> | null {
  return takeIf(filters, now, false)?.page ?? null;
}
