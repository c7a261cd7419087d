import type { CreateAdminRequest, MessageResponse } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/create-user: the same answer for every email; only the listed admin address gets a link. */
export function createAdmin(data: CreateAdminRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/admin/create-user', data, { auth: false });
}

export function useCreateAdmin() {
  return useMutation({ mutationFn: createAdmin });
}
