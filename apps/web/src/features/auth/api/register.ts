import type { AuthResponse, RegisterRequest } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/register: 201 with a session; 409 when the email already has an account. */
export function register(data: RegisterRequest): Promise<AuthResponse> {
  return api.post<AuthResponse>('/api/auth/register', data, { auth: false });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
