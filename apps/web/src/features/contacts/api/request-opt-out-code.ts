import type { ConsentCodeSent } from '@aaspaas/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Step one of stopping messages: the server sends a code by SMS to the number. */
export function requestOptOutCode({
  businessId,
  mobileNumber,
}: {
  businessId: string;
  mobileNumber: string;
}): Promise<ConsentCodeSent> {
  return api.post<ConsentCodeSent>(
    `/api/public/join/${encodeURIComponent(businessId)}/opt-out/code`,
    { mobileNumber },
    { auth: false },
  );
}

export function useRequestOptOutCode() {
  return useMutation({ mutationFn: requestOptOutCode });
}
