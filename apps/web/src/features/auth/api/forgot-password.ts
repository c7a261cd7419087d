import type { ForgotPasswordRequest, MessageResponse } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the email has an account. */
export function forgotPassword(data: ForgotPasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/forgot-password', data, { auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
