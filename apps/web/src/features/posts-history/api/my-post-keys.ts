import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the business's own posts and their insights. */
export const myPostKeys = {
  all: ['my-posts'] as const,
  list: () => ['my-posts', 'list'] as const,
  insights: (postId: string | null) => ['my-posts', 'insights', postId ?? 'all'] as const,
};

/**
 * After a delete or a repost: the list, every chart and the /app home's figures (which count posts;
 * its key is ['user', 'stats', userId]) are fetched again.
 */
export function invalidateMyPosts(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myPostKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['user', 'stats'] }),
  ]).then(() => undefined);
}
