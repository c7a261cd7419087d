import type { JoinRequestSchema } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type JoinRequest = ReturnType<(typeof JoinRequestSchema)['parse']>;

/** A customer adds themself to a business's list, with their explicit consent and the code sent to the number. */
export function joinBusiness({ businessId, body }: { businessId: string; body: JoinRequest }): Promise<{ message: string }> {
  return api.post<{ message: string }>(`/api/public/join/${encodeURIComponent(businessId)}`, body, { auth: false });
}

export function useJoinBusinessList() {
  return useMutation({ mutationFn: joinBusiness });
}
