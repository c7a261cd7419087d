import type { AuthProviders } from '@aaspaas/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/auth/providers: whether Google sign-in is configured on the server. */
export function getAuthProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return api.get<AuthProviders>('/api/auth/providers', { signal, auth: false });
}

export const authProvidersQueryOptions = () =>
  // Configuration changes only with a server restart: one answer per visit is enough.
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => getAuthProviders(signal), staleTime: Infinity });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
