import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ApiHealth = { status: string; database: string; ms: number };

/** GET /api/health: the API's status and its database kind, with the round-trip time. */
export async function getApiHealth(signal?: AbortSignal): Promise<ApiHealth> {
  const started = performance.now();
  const body = await api.get<{ status?: string; database?: string } | null>('/api/health', { signal });
  return { status: body?.status ?? '?', database: body?.database ?? '?', ms: Math.round(performance.now() - started) };
}

export function apiHealthQueryOptions() {
  return queryOptions({
    queryKey: ['debug', 'health'],
    queryFn: ({ signal }) => getApiHealth(signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useApiHealth() {
  return useQuery(apiHealthQueryOptions());
}
