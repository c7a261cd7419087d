import type { MyPostsPage } from '@aaspaas/domain';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMyPosts, myPostKeys } from '@/lib/my-post-keys';

export function deleteMyPost(id: string): Promise<unknown> {
  return api.delete(`/api/user/posts/${encodeURIComponent(id)}`);
}

/** Deletes, takes the post off the list at once, then refreshes the list and the charts. */
export function useDeleteMyPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyPost,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<InfiniteData<MyPostsPage, string | null>>(myPostKeys.list(), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                posts: page.posts.filter((p) => p.id !== id),
                total: Math.max(0, page.total - 1),
              })),
            }
          : data,
      );
      queryClient.removeQueries({ queryKey: myPostKeys.insights(id) });
      return invalidateMyPosts(queryClient);
    },
  });
}
