import type { MessageResponse } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-email/resend: a new link for the signed-in owner (429 when asked too often). */
export function resendVerification(): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/auth/verify-email/resend');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
