import type { MessageResponse } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { refetchAfterChange } from '@/lib/query-client';

export type UserModeration =
  | { id: string; action: 'suspend'; reason: string }
  | { id: string; action: 'reinstate' }
  | { id: string; action: 'password-reset-link' };

export function moderateUser(m: UserModeration): Promise<MessageResponse | null> {
  const base = `/api/admin/users/${encodeURIComponent(m.id)}`;
  if (m.action === 'suspend') return api.post(`${base}/suspend`, { reason: m.reason });
  return api.post(`${base}/${m.action}`, {});
}

export function useModerateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateUser,
    onSuccess: () => refetchAfterChange(queryClient, adminKeys.all),
  });
}
