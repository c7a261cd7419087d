import type { MessageResponse, ResetPasswordRequest } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/reset-password with the token of the emailed link; 400 when it is invalid or used. */
export function resetPassword(data: ResetPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/reset-password', data, { auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
