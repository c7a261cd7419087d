import type { AuthResponse, LoginRequest } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/login. No bearer: a 401 here means wrong credentials, not an expired token. */
export function login(data: LoginRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/login', data, { auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
