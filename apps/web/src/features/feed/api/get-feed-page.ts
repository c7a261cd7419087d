import { FEED_DEFAULT_RADIUS_KM, NEXT_CURSOR_HEADER, type Post, feedPageSize as pageSizeNear } from '@aaspaas/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/feed, one page: the fetcher alone, without TanStack Query, so the app's first module can
 * start the first page's request before the rest of the app has downloaded (see first-feed-page.ts).
 * The query options and hooks are in get-feed.ts.
 */

/** What the feed is asked for: a point (or none: all posts), a search and a category. */
export type FeedFilters = {
  lat?: number;
  lon?: number;
  radiusKm?: number;
  q?: string;
  category?: string;
  /** Only shops open now (docs/product.md §3, Opening hours). */
  openNow?: boolean;
};

/** Keyset paging: the cursor of X-Next-Cursor; offset is the fallback when no cursor came. */
export type FeedPageParam = { cursor?: string; offset: number };
export type FeedPage = { posts: Post[]; nextCursor: string | null; limit: number; offset: number };

/** The feed query's pages (TanStack Query's infinite data). */
export type FeedData = InfiniteData<FeedPage, FeedPageParam>;

export const FIRST_PAGE: FeedPageParam = { offset: 0 };

declare const normalised: unique symbol;
/**
 * Filters in their one canonical form (a point rounded to 5 decimals with its radius, no blank
 * search or category): what query keys, the cache and the early page compare. Only
 * normaliseFilters makes one, at the boundary (useFeed, main.tsx), so nothing past it normalises again.
 */
export type NormalisedFeedFilters = Readonly<FeedFilters> & { readonly [normalised]: true };

export function normaliseFilters(f: FeedFilters): NormalisedFeedFilters {
  const near = f.lat !== undefined && f.lon !== undefined;
  const q = f.q?.trim() || undefined;
  const category = f.category?.trim() || undefined;
  return {
    ...(near ? { lat: round(f.lat as number), lon: round(f.lon as number), radiusKm: f.radiusKm ?? FEED_DEFAULT_RADIUS_KM } : {}),
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
    ...(f.openNow ? { openNow: true } : {}),
  } as NormalisedFeedFilters;
}

/** The filters as one string: the early page's and the localStorage cache's key. */
export function filtersKey(f: NormalisedFeedFilters): string {
  return JSON.stringify(f);
}

function round(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

/** docs/product.md §9: 20 posts a page, 10 when loading near a location. */
export function feedPageSize(f: Pick<FeedFilters, 'lat'>): number {
  return pageSizeNear(f.lat !== undefined);
}

export async function getFeedPage(f: NormalisedFeedFilters, page: FeedPageParam, signal?: AbortSignal): Promise<FeedPage> {
  const limit = feedPageSize(f);
  const { data, headers } = await apiRequest<Post[] | null>('GET', '/api/feed', {
    params: {
      lat: f.lat,
      lon: f.lon,
      radiusKm: f.radiusKm,
      limit,
      offset: page.cursor ? undefined : page.offset || undefined,
      cursor: page.cursor,
      q: f.q,
      category: f.category,
      openNow: f.openNow ? 'true' : undefined,
    },
    signal,
  });
  return { posts: data ?? [], nextCursor: headers.get(NEXT_CURSOR_HEADER), limit, offset: page.offset };
}

/** 'More' exists when a full page was returned (docs/product.md §4). */
export function nextPageParam(page: FeedPage): FeedPageParam | undefined {
  if (page.posts.length < page.limit) return undefined;
  return { cursor: page.nextCursor ?? undefined, offset: page.offset + page.posts.length };
}
