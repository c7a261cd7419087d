import type { QueryClient } from '@tanstack/react-query';

/** The business's own posts in the query cache ('my-posts' is shared with the posts history). */
export const myPostKeys = {
  all: ['my-posts'] as const,
  detail: (id: string) => ['my-posts', 'detail', id] as const,
};

/** After a publish or an edit: lists, counts and the home figures are out of date. */
export function invalidateAfterPublish(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: myPostKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['user', 'stats'] }),
  ]);
}
