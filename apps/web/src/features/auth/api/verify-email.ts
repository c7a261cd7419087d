import type { VerifyEmailRequest, VerifyEmailResponse } from '@aaspaas/domain';
import { api } from '@/lib/api-client';

/** POST /api/auth/verify-email with the token of the emailed link; 410 expired, 400 unknown. */
export function verifyEmail(data: VerifyEmailRequest): Promise<VerifyEmailResponse> {
  return api.post<VerifyEmailResponse>('/api/auth/verify-email', data, { auth: false });
}
