import type { ConsentCodeSent, JoinCodeRequestSchema } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type JoinCodeRequest = ReturnType<(typeof JoinCodeRequestSchema)['parse']>;

/** Step one of joining: the server sends a code by SMS to the number the customer gave. */
export function requestJoinCode({ businessId, body }: { businessId: string; body: JoinCodeRequest }): Promise<ConsentCodeSent> {
  return api.post<ConsentCodeSent>(`/api/public/join/${encodeURIComponent(businessId)}/code`, body, { auth: false });
}

export function useRequestJoinCode() {
  return useMutation({ mutationFn: requestJoinCode });
}
