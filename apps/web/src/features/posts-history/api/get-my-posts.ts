import { MY_POSTS_PAGE_SIZE, type MyPostsPage } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myPostKeys } from '@/lib/my-post-keys';

export function getMyPosts(cursor: string | null, signal?: AbortSignal, limit = MY_POSTS_PAGE_SIZE): Promise<MyPostsPage> {
  return api.get<MyPostsPage>('/api/user/posts', { params: { limit, cursor }, signal });
}

/** Keyset pages, newest first: deep pages cost the server what the first one does. */
export function myPostsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: myPostKeys.list(),
    queryFn: ({ pageParam, signal }) => getMyPosts(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A post published a minute ago in the composer must be here: ask again on every visit (the
    // cached list shows meanwhile).
    staleTime: 0,
  });
}

export function useMyPosts() {
  return useInfiniteQuery(myPostsQueryOptions());
}
