import type { OwnPost, PostInput } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMyPosts, myPostKeys } from '@/lib/my-post-keys';

/** POST /api/user/posts (201, live in the feed at once) or, with an id, PUT /api/user/posts/{id}. */
export function savePost({ id, body }: { id?: string | null; body: PostInput }): Promise<OwnPost> {
  return id ? api.put<OwnPost>(`/api/user/posts/${encodeURIComponent(id)}`, body) : api.post<OwnPost>('/api/user/posts', body);
}

/** Mutations never retry (docs/product.md §8): a publish that failed is the owner's to send again. */
export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePost,
    retry: false,
    // Offline, TanStack would hold the publish and send it later by itself: fail at once instead,
    // so the owner is told the post was not sent (the draft keeps it) and publishes when back online.
    networkMode: 'always',
    onSuccess: (post) => {
      queryClient.setQueryData(myPostKeys.detail(post.id), post);
      return invalidateMyPosts(queryClient);
    },
  });
}
