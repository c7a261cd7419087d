import type { MessageResponse } from '@aaspaas/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refetchAfterChange } from '@/lib/query-client';
import { adminKeys } from './admin-keys';

export function liftSignInLock(): Promise<MessageResponse> {
  return api.post('/api/admin/sign-in-lock/lift', {});
}

/** The audit log records the lift: it is read again after it. */
export function useLiftSignInLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: liftSignInLock,
    onSuccess: () => refetchAfterChange(queryClient, adminKeys.all),
  });
}
