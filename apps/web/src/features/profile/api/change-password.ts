import type { AuthResponse, ChangePasswordRequest } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/** Every other session is revoked; this device gets a fresh AuthResponse (and refresh cookie). */
export function changePassword(body: ChangePasswordRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/user/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: (answer) => setSession(answer) });
}
