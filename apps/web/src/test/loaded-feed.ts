import type { Post } from '@aaspaas/domain';
import { vi } from 'vitest';
import type { useFeed } from '@/features/feed/hooks/use-feed';

/** The parts of useFeed's answer the feed's list reads: a loaded page, more to come unless told otherwise. */
export function loadedFeed(list: Post[], state: Partial<ReturnType<typeof useFeed>> = {}) {
  return {
    posts: list,
    isPending: false,
    isError: false,
    isFetching: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(async () => undefined),
    refetch: async () => undefined,
    error: null,
    ...state,
  } as unknown as ReturnType<typeof useFeed> & { fetchNextPage: ReturnType<typeof vi.fn> };
}
