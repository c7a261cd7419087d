import type { LikeResponse, Post } from '@aaspaas/domain';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { analytics } from '@/lib/analytics';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { ensureVisitorId } from '@/lib/visitor-id';
import { isOffline } from '../utils/is-offline';
import { patchPostInFeeds } from './get-feed';
import { postKeys } from './get-post';

export async function likePost(id: string, like: boolean): Promise<LikeResponse> {
  // A like counts for a server-issued visitor id: get one first if this browser has none yet.
  await ensureVisitorId();
  const path = `/api/posts/${encodeURIComponent(id)}/like`;
  return like ? api.post<LikeResponse>(path) : api.delete<LikeResponse>(path);
}

function patchEverywhere(queryClient: QueryClient, id: string, patch: (p: Post) => Post): void {
  patchPostInFeeds(queryClient, id, patch);
  queryClient.setQueryData<Post>(postKeys.detail(id), (p) => (p ? patch(p) : p));
}

type Vars = { post: Post; like: boolean };

/**
 * Like / unlike, optimistic: the heart and count change at once; the count shown afterwards is the
 * server's answer (docs/product.md §4: the like action returns the new count). Mutations never retry (docs/product.md §8).
 */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ post, like }: Vars): Promise<LikeResponse> => {
      // Offline (the installable web app): the like waits in the offline queue and is sent once the
      // connection is back; meanwhile the heart shows it.
      const offlineAnswer = async (): Promise<LikeResponse> => {
        const { queueOfflineLike } = await import('../utils/offline-actions');
        queueOfflineLike(post.id, like);
        const changed = Boolean(post.likedByMe) === like ? 0 : 1;
        return { success: true, liked: like, likesCount: Math.max(0, post.likesCount + (like ? 1 : -1) * changed) };
      };
      if (isOffline()) return offlineAnswer();
      try {
        return await likePost(post.id, like);
      } catch (error) {
        if (isOffline(error)) return offlineAnswer();
        throw error;
      }
    },
    onMutate: ({ post, like }) => {
      const before = { likesCount: post.likesCount, likedByMe: post.likedByMe };
      patchEverywhere(queryClient, post.id, (p) => ({
        ...p,
        likedByMe: like,
        likesCount: Math.max(0, p.likesCount + (like ? 1 : -1) * (Boolean(p.likedByMe) === like ? 0 : 1)),
      }));
      if (like) analytics.track('post_like', { postId: post.id, businessId: post.userId });
      return before;
    },
    onError: (error, { post }, before) => {
      if (before) patchEverywhere(queryClient, post.id, (p) => ({ ...p, ...before }));
      void notify(error.message, 'error');
    },
    onSuccess: (res, { post }) => {
      patchEverywhere(queryClient, post.id, (p) => ({ ...p, likesCount: res.likesCount, likedByMe: res.liked }));
    },
  });
}
