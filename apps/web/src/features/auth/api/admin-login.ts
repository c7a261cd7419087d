import type { AuthResponse, LoginRequest } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/login: a session for a configured admin email; 403 for any other account. */
export function adminLogin(data: LoginRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/admin/login', data, { auth: false });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
