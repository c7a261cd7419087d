import type { MessageResponse } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myPostKeys } from '@/lib/my-post-keys';
import { refetchAfterChange } from '@/lib/query-client';

export function requestReview(postId: string): Promise<MessageResponse> {
  return api.post<MessageResponse>(`/api/user/posts/${encodeURIComponent(postId)}/request-review`, {});
}

/** The owner's appeal of a hidden post: it enters the admin's queue; the list shows it as asked. */
export function useRequestReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReview,
    onSuccess: () => refetchAfterChange(queryClient, myPostKeys.all),
  });
}
