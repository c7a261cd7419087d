import type { Post } from '@aaspaas/domain';
import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchFirstFeedPage } from '../utils/first-feed-page';
import {
  FIRST_PAGE,
  getFeedPage,
  nextPageParam,
  type FeedData,
  type FeedPage,
  type FeedPageParam,
  type NormalisedFeedFilters,
} from './get-feed-page';

export {
  feedPageSize,
  filtersKey,
  nextPageParam,
  normaliseFilters,
  type FeedData,
  type FeedFilters,
  type FeedPage,
  type FeedPageParam,
  type NormalisedFeedFilters,
} from './get-feed-page';

/** A prefetched next page is used as is for this long; after that it is fetched again. */
export const PREFETCHED_PAGE_FRESH_MS = 60_000;

export const feedKeys = {
  all: ['feed'] as const,
  lists: () => ['feed', 'list'] as const,
  list: (f: NormalisedFeedFilters) => ['feed', 'list', f] as const,
  pages: () => ['feed-page'] as const,
  page: (f: NormalisedFeedFilters, p: FeedPageParam) => ['feed-page', f, p] as const,
};

export function feedPageQueryOptions(filters: NormalisedFeedFilters, page: FeedPageParam) {
  return {
    queryKey: feedKeys.page(filters, page),
    queryFn: ({ signal }: { signal: AbortSignal }) => getFeedPage(filters, page, signal),
    staleTime: PREFETCHED_PAGE_FRESH_MS,
  };
}

export function feedQueryOptions(queryClient: QueryClient, filters: NormalisedFeedFilters) {
  return infiniteQueryOptions({
    queryKey: feedKeys.list(filters),
    queryFn: ({ pageParam, signal }): Promise<FeedPage> =>
      pageParam.offset === 0 && !pageParam.cursor
        ? // Where page 1 comes from is first-feed-page.ts's to say.
          fetchFirstFeedPage(filters, signal)
        : // Later pages: use the prefetched page when there is a fresh one.
          queryClient.fetchQuery(feedPageQueryOptions(filters, pageParam)),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
  });
}

/** Prefetch the page after the last loaded one (docs/product.md §7: the next feed page is prefetched). */
export function prefetchNextFeedPage(queryClient: QueryClient, filters: NormalisedFeedFilters, data: FeedData | undefined): void {
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
