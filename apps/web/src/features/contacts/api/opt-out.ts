import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A customer stops a business's messages with their number (404 when it is not on the list). */
export function optOut({ businessId, mobileNumber }: { businessId: string; mobileNumber: string }): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/api/public/join/${encodeURIComponent(businessId)}/opt-out`,
    { mobileNumber },
    { auth: false },
  );
}

export function useOptOut() {
  return useMutation({ mutationFn: optOut });
}
