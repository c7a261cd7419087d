import type { QueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '@/lib/query-client';

/**
 * Query keys of the business's own posts, shared by the composer (which publishes and edits) and
 * the posts history (which lists, deletes and reposts), so a change made by one is seen by the other.
 */
export const myPostKeys = {
  all: ['my-posts'] as const,
  list: () => ['my-posts', 'list'] as const,
  detail: (id: string) => ['my-posts', 'detail', id] as const,
  insights: (postId: string | null) => ['my-posts', 'insights', postId ?? 'all'] as const,
};

/**
 * After a publish, an edit, a delete or a repost: every list and chart of own posts and the /app
 * home's figures (which count posts; its key is ['user', 'stats', userId]) are fetched again.
 */
export function invalidateMyPosts(queryClient: QueryClient): Promise<void> {
  return refetchAfterChange(queryClient, myPostKeys.all, ['user', 'stats']);
}
