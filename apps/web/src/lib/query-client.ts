import { QueryClient, type DefaultOptions, type QueryKey } from '@tanstack/react-query';
import { QUERY_CACHE } from '@/config/query-cache';

/** docs/product.md §8: no retry when the error text mentions 401 or 'Authentication failed'. */
export function isAuthError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return text.includes('401') || text.includes('Authentication failed') || (error as { status?: number } | null)?.status === 401;
}

/** docs/product.md §9 generic query cache: up to 2 retries, delay doubling from 1 s to at most 30 s. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isAuthError(error)) return false;
  return failureCount < QUERY_CACHE.retries;
}

export function retryDelay(attemptIndex: number): number {
  return Math.min(QUERY_CACHE.retryBaseMs * 2 ** attemptIndex, QUERY_CACHE.retryMaxMs);
}

export const queryConfig = {
  queries: {
    staleTime: QUERY_CACHE.staleTime,
    gcTime: QUERY_CACHE.gcTime,
    refetchOnMount: true,
    refetchOnReconnect: true,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: shouldRetry,
    retryDelay,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

/**
 * After a change the server saved: the queries under these keys are fetched again. A fetch already
 * under way may have read before the change, and `invalidateQueries` joins such a fetch instead of
 * starting another when its query has no data yet (a search or filter just typed): it would show the
 * state before the change. So those fetches are cancelled first. Not for the signed-in user's query,
 * which sign-in awaits (`ensureQueryData`): a cancel would fail that wait.
 */
export async function refetchAfterChange(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
