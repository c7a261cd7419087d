import type { MyPostsPage, OwnPost } from '@aaspaas/domain';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMyPosts, myPostKeys } from '@/lib/my-post-keys';

export type RepostInput = {
  id: string;
  /** A new valid-until (YYYY-MM-DD, end of that day in India); absent: an offer keeps its validity length. */
  expiresAt?: string;
};

export function repostMyPost({ id, expiresAt }: RepostInput): Promise<OwnPost> {
  return api.post<OwnPost>(`/api/user/posts/${encodeURIComponent(id)}/repost`, expiresAt ? { expiresAt } : {});
}

/** A copy at the top of the feed: it shows first in the list at once, then the list and charts are fetched again. */
export function useRepostMyPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repostMyPost,
    onSuccess: (copy) => {
      queryClient.setQueryData<InfiniteData<MyPostsPage, string | null>>(myPostKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page, i) => ({
                ...page,
                posts: i === 0 ? [copy, ...page.posts] : page.posts,
                total: page.total + 1,
              })),
            }
          : data,
      );
      return invalidateMyPosts(queryClient);
    },
  });
}
