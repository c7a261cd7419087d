import type { Claim } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { counterKeys } from './counter-keys';

/** Today's claims of the business's offers, newest first. */
export function getClaims(signal?: AbortSignal): Promise<Claim[]> {
  return api.get<Claim[]>('/api/user/claims', { signal });
}

export const claimsQueryOptions = () =>
  // A customer claims at the counter while the owner looks: asked again every half minute.
  queryOptions({ queryKey: counterKeys.claims(), queryFn: ({ signal }) => getClaims(signal), refetchInterval: 30_000 });

export function useClaims() {
  return useQuery(claimsQueryOptions());
}
