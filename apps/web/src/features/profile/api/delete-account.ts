import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** DELETE /api/user/me: the account, its posts, photos and sessions are erased on the server. */
export function deleteAccount(): Promise<null> {
  return api.delete<null>('/api/user/me');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
