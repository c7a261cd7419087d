import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A customer stops a business's messages with their number and the code sent to it. */
export function optOut({
  businessId,
  mobileNumber,
  code,
}: {
  businessId: string;
  mobileNumber: string;
  code: string;
}): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/api/public/join/${encodeURIComponent(businessId)}/opt-out`,
    { mobileNumber, code },
    { auth: false },
  );
}

export function useOptOut() {
  return useMutation({ mutationFn: optOut });
}
