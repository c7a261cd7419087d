import type { Post } from '@aaspaas/domain';
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { takeEarlyFeedPage } from '../utils/early-feed-page';
import {
  FIRST_PAGE,
  getFeedPage,
  nextPageParam,
  normaliseFilters,
  type FeedFilters,
  type FeedPage,
  type FeedPageParam,
} from './get-feed-page';

export {
  FIRST_PAGE,
  feedPageSize,
  getFeedPage,
  nextPageParam,
  normaliseFilters,
  type FeedFilters,
  type FeedPage,
  type FeedPageParam,
} from './get-feed-page';

export type FeedData = InfiniteData<FeedPage, FeedPageParam>;

/** A prefetched next page is used as is for this long; after that it is fetched again. */
export const PREFETCHED_PAGE_FRESH_MS = 60_000;

export const feedKeys = {
  all: ['feed'] as const,
  lists: () => ['feed', 'list'] as const,
  list: (f: FeedFilters) => ['feed', 'list', normaliseFilters(f)] as const,
  pages: () => ['feed-page'] as const,
  page: (f: FeedFilters, p: FeedPageParam) => ['feed-page', normaliseFilters(f), p] as const,
};

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
        ? // The first page's request may already be on its way (started before the app rendered).
          (takeEarlyFeedPage(filters) ?? getFeedPage(filters, pageParam, signal))
        : // Later pages: use the prefetched page when there is a fresh one.
          queryClient.fetchQuery(feedPageQueryOptions(filters, pageParam)),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
  });
}

/** Prefetch the page after the last loaded one (docs/product.md §7: the next feed page is prefetched). */
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
