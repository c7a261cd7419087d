import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
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

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/** The shape bulletproof-react uses for `xxxQueryOptions` helpers passed through hooks. */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;
