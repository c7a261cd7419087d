import { FEED_DEFAULT_RADIUS_KM, FEED_PAGE_SIZE, FEED_PAGE_SIZE_NEAR, NEXT_CURSOR_HEADER, type Post } from '@aaspaas/domain';
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What the feed is asked for: a point (or none: all posts), a search and a category. */
export type FeedFilters = {
  lat?: number;
  lon?: number;
  radiusKm?: number;
  q?: string;
  category?: string;
};

/** Keyset paging: the cursor of X-Next-Cursor; offset is the fallback when no cursor came. */
export type FeedPageParam = { cursor?: string; offset: number };
export type FeedPage = { posts: Post[]; nextCursor: string | null; limit: number; offset: number };
export type FeedData = InfiniteData<FeedPage, FeedPageParam>;

export const FIRST_PAGE: FeedPageParam = { offset: 0 };
/** A prefetched next page is used as is for this long; after that it is fetched again. */
export const PREFETCHED_PAGE_FRESH_MS = 60_000;

export function normaliseFilters(f: FeedFilters): FeedFilters {
  const near = f.lat !== undefined && f.lon !== undefined;
  const q = f.q?.trim() || undefined;
  const category = f.category?.trim() || undefined;
  return {
    ...(near ? { lat: round(f.lat as number), lon: round(f.lon as number), radiusKm: f.radiusKm ?? FEED_DEFAULT_RADIUS_KM } : {}),
    ...(q ? { q } : {}),
    ...(category ? { category } : {}),
  };
}

function round(n: number): number {
  return Math.round(n * 1e5) / 1e5;
}

/** Spec §9: 20 posts a page, 10 when loading near a location. */
export function feedPageSize(f: FeedFilters): number {
  return f.lat !== undefined ? FEED_PAGE_SIZE_NEAR : FEED_PAGE_SIZE;
}

export const feedKeys = {
  all: ['feed'] as const,
  lists: () => ['feed', 'list'] as const,
  list: (f: FeedFilters) => ['feed', 'list', normaliseFilters(f)] as const,
  pages: () => ['feed-page'] as const,
  page: (f: FeedFilters, p: FeedPageParam) => ['feed-page', normaliseFilters(f), p] as const,
};

export async function getFeedPage(filters: FeedFilters, page: FeedPageParam, signal?: AbortSignal): Promise<FeedPage> {
  const f = normaliseFilters(filters);
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
    },
    signal,
  });
  return { posts: data ?? [], nextCursor: headers.get(NEXT_CURSOR_HEADER), limit, offset: page.offset };
}

/** 'More' exists when a full page was returned (spec §4). */
export function nextPageParam(page: FeedPage): FeedPageParam | undefined {
  if (page.posts.length < page.limit) return undefined;
  return { cursor: page.nextCursor ?? undefined, offset: page.offset + page.posts.length };
}

export function feedPageQueryOptions(filters: FeedFilters, page: FeedPageParam) {
  return {
    queryKey: feedKeys.page(filters, page),
    queryFn: ({ signal }: { signal: AbortSignal }) => getFeedPage(filters, page, signal),
    staleTime: PREFETCHED_PAGE_FRESH_MS,
  };
}

export function feedQueryOptions(queryClient: QueryClient, filters: FeedFilters) {
  return infiniteQueryOptions({
    queryKey: feedKeys.list(filters),
    queryFn: ({ pageParam, signal }): Promise<FeedPage> =>
      pageParam.offset === 0 && !pageParam.cursor
        ? getFeedPage(filters, pageParam, signal)
        : // Later pages: use the prefetched page when there is a fresh one.
          queryClient.fetchQuery(feedPageQueryOptions(filters, pageParam)),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
  });
}

/** Prefetch the page after the last loaded one (spec §7: the next feed page is prefetched). */
export function prefetchNextFeedPage(queryClient: QueryClient, filters: FeedFilters, data: FeedData | undefined): void {
  const last = data?.pages.at(-1);
  const next = last ? nextPageParam(last) : undefined;
  if (next) void queryClient.prefetchQuery(feedPageQueryOptions(filters, next));
}

/** Apply a change to one post wherever the feed caches hold it. */
export function patchPostInFeeds(queryClient: QueryClient, postId: string, patch: (post: Post) => Post): void {
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.posts.some((p) => p.id === postId)
              ? { ...page, posts: page.posts.map((p) => (p.id === postId ? patch(p) : p)) }
              : page,
          ),
        }
      : data,
  );
}
