import type { PolicyUpdate } from '@aaspaas/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const policyUpdatesKey = ['policy-updates'] as const;

export function getPolicyUpdates(signal?: AbortSignal): Promise<PolicyUpdate> {
  return api.get<PolicyUpdate>('/api/user/policy-updates', { signal });
}

/** The terms or privacy policy published since the signed-in business last acknowledged them. */
export function usePolicyUpdates() {
  return useQuery({ queryKey: policyUpdatesKey, queryFn: ({ signal }) => getPolicyUpdates(signal), staleTime: 5 * 60_000 });
}

export function acknowledgePolicies(): Promise<void> {
  return api.post<void>('/api/user/policy-updates/acknowledge');
}

export function useAcknowledgePolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgePolicies,
    onMutate: () => queryClient.setQueryData<PolicyUpdate>(policyUpdatesKey, { updated: [] }),
  });
}
