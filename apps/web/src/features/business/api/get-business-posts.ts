import { FEED_PAGE_SIZE, type Post } from '@aaspaas/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { retryUnlessNotFound } from '@/lib/not-found';
import { businessKeys } from '@/lib/api/get-business-profile';

export const BUSINESS_POSTS_PAGE_SIZE = FEED_PAGE_SIZE;

export async function getBusinessPosts(
  userId: string,
  { limit, offset }: { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<Post[]> {
  const posts = await api.get<Post[] | null>(`/api/public/business/${encodeURIComponent(userId)}/posts`, {
    params: { limit, offset },
    signal,
  });
  return posts ?? [];
}

/** 'More' exists when a full page came back (docs/product.md §4); the next offset is what is loaded so far. */
export function nextBusinessPostsOffset(
  lastPage: Post[],
  allPages: Post[][],
  limit = BUSINESS_POSTS_PAGE_SIZE,
): number | undefined {
  if (lastPage.length < limit) return undefined;
  return allPages.reduce((n, page) => n + page.length, 0);
}

export function businessPostsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: businessKeys.posts(userId),
    queryFn: ({ pageParam, signal }) => getBusinessPosts(userId, { limit: BUSINESS_POSTS_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) => nextBusinessPostsOffset(lastPage, allPages),
    retry: retryUnlessNotFound,
  });
}

/** A business's posts, newest first (the server's order), without duplicates across pages. */
export function useBusinessPosts(userId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const query = useInfiniteQuery({ ...businessPostsQueryOptions(userId), enabled });
  const { data } = query;
  const posts = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? []).flat().filter((p) => (seen.has(p.id) ? false : (seen.add(p.id), true)));
  }, [data]);
  return { ...query, posts };
}
