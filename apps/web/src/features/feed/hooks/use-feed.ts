import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchResponsiveImage } from '@/components/ui/image-sources';
import { IMAGE_PREFETCH_POSTS } from '@/config/feed-cache';
import { afterLoad } from '@/lib/after-load';
import { notify } from '@/lib/notify';
import {
  feedKeys,
  feedQueryOptions,
  filtersKey,
  normaliseFilters,
  prefetchNextFeedPage,
  type FeedData,
  type FeedFilters,
} from '../api/get-feed';
import { writeFeedCache } from '../utils/feed-cache';
import { initialFeedData } from '../utils/first-feed-page';

const prefetchedImages = new Set<string>();

/**
 * Warm the cache with the first image of the first posts (docs/product.md §9: first 6 posts), once the page
 * has loaded: earlier they would share the slow network with the first post's photo (the LCP).
 * The srcset the cards' <picture> takes here (AVIF where the browser decodes it) and their sizes,
 * so the browser fetches the very file each card will show, in one format only.
 */
function prefetchImages(data: FeedData): void {
  const posts = data.pages.flatMap((p) => p.posts).slice(0, IMAGE_PREFETCH_POSTS);
  for (const post of posts) {
    const first = post.images[0];
    if (!first || prefetchedImages.has(first)) continue;
    prefetchedImages.add(first);
    void prefetchResponsiveImage(first);
  }
}

/**
 * The feed for a set of filters, normalised here once (the rest takes only NormalisedFeedFilters);
 * page 1 comes from where first-feed-page.ts says; the next page and the first posts' images are
 * prefetched.
 */
export function useFeed(filters: FeedFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const { t } = useTranslation('feed');
  const queryClient = useQueryClient();
  const normalised = normaliseFilters(filters);
  const key = filtersKey(normalised);
  // The same object while the filters are the same, whatever object the caller passes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the normalised filters
  const stable = useMemo(() => normalised, [key]);
  // Taking the early page is a one-time side effect: the memo runs it once per set of filters.
  const initial = useMemo(() => initialFeedData(stable), [stable]);

  const query = useInfiniteQuery({
    ...feedQueryOptions(queryClient, stable),
    enabled,
    placeholderData: keepPreviousData,
    ...(initial ? { initialData: initial.data, initialDataUpdatedAt: initial.updatedAt } : {}),
  });

  const { isFetching, isPlaceholderData, dataUpdatedAt, hasNextPage } = query;
  const data = query.data as FeedData | undefined;

  useEffect(() => {
    if (!data || isPlaceholderData || isFetching || dataUpdatedAt === 0) return;
    writeFeedCache(stable, data);
    return afterLoad(() => {
      prefetchImages(data);
      if (hasNextPage) prefetchNextFeedPage(queryClient, stable, data);
    });
  }, [data, isFetching, isPlaceholderData, dataUpdatedAt, hasNextPage, stable, queryClient]);

  const refreshing = useRef(false);
  // A background refresh that failed while posts are on screen (docs/product.md §8 'Failed to refresh feed').
  const { isRefetchError, error, errorUpdatedAt } = query;
  useEffect(() => {
    if (isRefetchError && !refreshing.current) void notify(t('errors.refresh'), 'error', error?.message);
  }, [isRefetchError, error, errorUpdatedAt, t]);

  /** Reload from the first page (keeps what is shown until the answer comes). */
  const refresh = useCallback(async () => {
    if (refreshing.current) return;
    refreshing.current = true;
    try {
      queryClient.removeQueries({ queryKey: feedKeys.pages() });
      queryClient.setQueryData<FeedData>(feedKeys.list(stable), (d) =>
        d ? { pages: d.pages.slice(0, 1), pageParams: d.pageParams.slice(0, 1) } : d,
      );
      const result = await query.refetch();
      if (result.isError && result.data) void notify(t('errors.refresh'), 'error', result.error.message);
    } finally {
      refreshing.current = false;
    }
  }, [query, queryClient, stable, t]);

  const posts = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flatMap((p) => p.posts).filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  }, [data]);

  return { ...query, posts, refresh, filters: stable };
}
